import { useCallback, useEffect, useRef, useState } from 'react';
import {
  fetchDay,
  fetchOrder,
  FieldHttpError,
  patchOrder,
  replacePart,
  type FieldOrder,
  type PartReplaced,
} from './field-api.ts';
import { FieldStorage, type KeptDay } from './field-store.ts';
import {
  notesWith,
  refusalOf,
  sendQueue,
  type Conflict,
  type FieldAction,
  type OrderServer,
  type Stopped,
} from './field-sync.ts';

/**
 * The API's way of taking a queued action: a start, a part replaced, or done with the note after the order's notes as
 * they are.
 */
const server: OrderServer = {
  apply: async (a) => {
    if (a.kind === 'start') return patchOrder(a.orderId, { status: 'IN_PROGRESS' });
    // the order itself is as it was: the day loaded after sending shows what the replacement changed
    if (a.kind === 'replace') return replacePart(a.orderId, a.part!).then(() => ({}));
    const notes = a.note?.trim() ? notesWith((await fetchOrder(a.orderId)).notes, a.note) : undefined;
    return patchOrder(a.orderId, { status: 'DONE', ...(notes !== undefined && { notes }) });
  },
  current: async (id) => {
    try {
      return await fetchOrder(id);
    } catch (err) {
      if (err instanceof FieldHttpError && err.status === 404) return undefined;
      throw err;
    }
  },
};

export type FieldState = {
  kept?: KeptDay;
  queue: FieldAction[];
  conflicts: Conflict[];
  online: boolean;
  sending: boolean;
  /** why the last exchange with the server stopped short */
  stopped?: Stopped;
  /** the phone's storage was read */
  ready: boolean;
};

/**
 * The day as the phone has it: read from its storage at once, then, whenever there is network (at start, when it
 * comes back, after an action, on asking), what waits is sent in order and the day loaded afresh and kept.
 */
export function useFieldDay(login: string) {
  const [state, setState] = useState<FieldState>({
    queue: [],
    conflicts: [],
    online: navigator.onLine,
    sending: false,
    ready: false,
  });
  const storage = useRef<Promise<FieldStorage> | undefined>(undefined);
  storage.current ??= FieldStorage.open(login);
  const running = useRef<Promise<void> | undefined>(undefined);
  const again = useRef(false);

  const reread = useCallback(async (patch: Partial<FieldState> = {}) => {
    const store = await storage.current!;
    const [kept, queue, conflicts] = await Promise.all([store.keptDay(), store.queued(), store.conflicts()]);
    setState((s) => ({ ...s, ...patch, kept, queue, conflicts, ready: true }));
  }, []);

  const exchange = useCallback(async () => {
    const store = await storage.current!;
    const kept = await store.keptDay();
    const titleOf = (id: number) => kept?.day.orders.find((o) => o._id === id)?.title ?? `#${id}`;
    const sent = await sendQueue(store, server, titleOf);
    let stopped = sent.stopped;
    if (!stopped)
      try {
        await store.keepDay(await fetchDay());
      } catch (err) {
        stopped = refusalOf(err) === 'refused' ? 'server' : (refusalOf(err) as Stopped);
      }
    await reread({ stopped, sending: false });
  }, [reread]);

  /** One exchange at a time; asked for meanwhile, one more after it. */
  const sync = useCallback(() => {
    if (!navigator.onLine) return Promise.resolve();
    if (running.current) {
      again.current = true;
      return running.current;
    }
    setState((s) => ({ ...s, sending: true }));
    running.current = exchange()
      .catch(() => reread({ sending: false, stopped: 'server' }))
      .finally(() => {
        running.current = undefined;
        if (again.current) {
          again.current = false;
          void sync();
        }
      });
    return running.current;
  }, [exchange, reread]);

  useEffect(() => {
    // storage refused (some private modes): the screen shows it has nothing rather than waiting for ever
    void reread().then(sync, () => {
      setState((s) => ({ ...s, ready: true }));
    });
    const online = () => {
      setState((s) => ({ ...s, online: true }));
      void sync();
    };
    const offline = () => setState((s) => ({ ...s, online: false }));
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [reread, sync]);

  const act = useCallback(
    async (order: FieldOrder, kind: FieldAction['kind'], note?: string) => {
      const store = await storage.current!;
      await store.enqueue({
        orderId: order._id,
        kind,
        ...(note?.trim() && { note: note.trim() }),
        at: new Date().toISOString(),
      });
      await reread();
      void sync();
    },
    [reread, sync],
  );

  const replace = useCallback(
    async (order: FieldOrder, part: PartReplaced) => {
      const store = await storage.current!;
      await store.enqueue({ orderId: order._id, kind: 'replace', part, at: new Date().toISOString() });
      await reread();
      void sync();
    },
    [reread, sync],
  );

  const dismiss = useCallback(
    async (orderId: number) => {
      await (await storage.current!).dismiss(orderId);
      await reread();
    },
    [reread],
  );

  return { state, act, replace, dismiss, refresh: sync };
}
