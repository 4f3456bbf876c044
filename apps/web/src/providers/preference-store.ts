import { localStorageStore, type Store } from 'react-admin';
import { http } from './http.ts';
import { storedProfile } from './session.ts';

// The console's store (react-admin's), kept in the browser for speed, with the user's preferences also kept on the
// server (GET/PUT /api/v2/preferences) so they follow the user to another browser: a list's columns
// (`preferences.{Entity}.datagrid.*`), its records per page (from `{Entity}.listParams`, which also holds the
// filters and page, which stay in this browser) and the fields shown on a device's screen (`preferences.*`).

type Prefs = Record<string, unknown>;

const LIST_PARAMS = /^([A-Za-z]+)\.listParams$/;
const PER_PAGE = /^([A-Za-z]+)\.perPage$/;
/** what the store says of itself, not a choice the user made */
const isSynced = (key: string) => key.startsWith('preferences.') && !key.endsWith('.availableColumns');

const put = (key: string, value: unknown) =>
  http('PUT', `/api/v2/preferences/${encodeURIComponent(key)}`, { value: value ?? null }).catch(
    () => undefined,
  );

export function preferenceStore(base: Store = localStorageStore()): Store {
  // keys the user changed while the server's preferences were on their way: the answer predates those changes
  const changedMeanwhile = new Set<string>();
  const send = (key: string, value: unknown) => {
    changedMeanwhile.add(key);
    void put(key, value);
  };
  const apply = (prefs: Prefs) => {
    for (const [key, value] of Object.entries(prefs)) {
      if (changedMeanwhile.has(key)) continue;
      const list = PER_PAGE.exec(key);
      if (list) {
        const paramsKey = `${list[1]}.listParams`;
        const params = base.getItem<Record<string, unknown>>(paramsKey) ?? {};
        // a params object with a filter and a page size is what the list takes as the user's own
        if (params.perPage !== value) base.setItem(paramsKey, { filter: {}, ...params, perPage: value });
      } else if (isSynced(key) && JSON.stringify(base.getItem(key)) !== JSON.stringify(value))
        base.setItem(key, value);
    }
  };
  return {
    ...base,
    setup() {
      base.setup();
      // signed out there is nothing to ask for, and a refused call would show in the browser's console
      if (!storedProfile()) return;
      changedMeanwhile.clear();
      http<{ result: Prefs }>('GET', '/api/v2/preferences')
        .then((a) => apply(a.result))
        .catch(() => undefined);
    },
    setItem(key, value) {
      const before = base.getItem(key);
      base.setItem(key, value);
      const list = LIST_PARAMS.exec(key);
      if (list) {
        const perPage = (value as { perPage?: unknown } | undefined)?.perPage;
        if (perPage !== undefined && perPage !== (before as { perPage?: unknown } | undefined)?.perPage)
          send(`${list[1]}.perPage`, perPage);
      } else if (isSynced(key) && JSON.stringify(before) !== JSON.stringify(value)) send(key, value);
    },
    removeItem(key) {
      base.removeItem(key);
      if (isSynced(key)) send(key, null);
    },
  };
}
