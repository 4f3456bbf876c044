import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { listenLive } from './live-stream.ts';

/** a burst of writes (an import, a save touching three tables) becomes one reload per resource, at most once a second */
const QUIET_MS = 1000;
/** device events carry rows of these resources (readings, state changes), not their names */
const DEVICE_EVENTS: Record<string, string> = {
  modules: 'LuminaryModules',
  controllers: 'Controllers',
  meters: 'Meters',
};

/** the id of the record of this resource whose edit form is open (react-admin's `/Resource/:id`) */
function editedId(resource: string): string | undefined {
  const [, name, id, rest] = decodeURIComponent(location.pathname).split('/');
  return name === resource && id && id !== 'create' && rest === undefined ? id : undefined;
}

function isEdited(key: readonly unknown[], id: string | undefined): boolean {
  if (id === undefined || (key[1] !== 'getOne' && key[1] !== 'getMany')) return false;
  const params = key[2] as { id?: unknown; ids?: unknown[] } | undefined;
  return String(params?.id) === id || (params?.ids ?? []).some((i) => String(i) === id);
}

/**
 * A device's readings change its own row (status, level, last heard), never a name another screen shows through a
 * reference: they ask again for lists and records only, so the field's stream of readings does not reload every
 * reference on screen once a second.
 */
const ROW_QUERIES = new Set(['getList', 'getOne', 'getManyReference']);

/**
 * Keeps every open react-admin screen in step with the live stream: when it says a resource was written (by this or
 * any other server process), the queries of that resource are asked again. Only queries on screen refetch (the
 * visible page of a list, the open record), the rest are only marked stale.
 */
export function useLiveResources() {
  const client = useQueryClient();
  useEffect(() => {
    // resource → whether only its rows were written (readings), not the registry
    const pending = new Map<string, boolean>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const written = (names: readonly string[], rowsOnly: boolean) => {
      for (const n of names) pending.set(n, rowsOnly && (pending.get(n) ?? true));
      timer ??= setTimeout(() => {
        timer = undefined;
        for (const [resource, rowsOnly] of pending) {
          const editing = editedId(resource);
          // a refetched record would reset the open edit form and lose its unsaved input: it is only marked stale
          void client.invalidateQueries({
            queryKey: [resource],
            refetchType: 'active',
            predicate: (q) =>
              !isEdited(q.queryKey, editing) && (!rowsOnly || ROW_QUERIES.has(String(q.queryKey[1]))),
          });
          if (editing !== undefined)
            void client.invalidateQueries({ queryKey: [resource], refetchType: 'none' });
        }
        pending.clear();
      }, QUIET_MS);
    };
    const stop = listenLive({
      entities: (e) => written(JSON.parse(e.data) as string[], false),
      ...Object.fromEntries(
        Object.entries(DEVICE_EVENTS).map(([type, resource]) => [type, () => written([resource], true)]),
      ),
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [client]);
}
