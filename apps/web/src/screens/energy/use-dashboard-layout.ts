import { useEffect } from 'react';
import { useStore } from 'react-admin';
import { http } from '../../providers/http.ts';
import { completeLayout, LAYOUT_KEY, oldLayoutKey, type Layout } from './dashboard-layout.ts';

/**
 * A layout this browser kept before layouts followed the user is taken over once, unless the server already holds
 * one (made in another browser since), which wins; either way the old one is then forgotten.
 */
async function adoptOldLayout(userId: string, keep: (layout: unknown) => void) {
  const key = oldLayoutKey(userId);
  const old = localStorage.getItem(key);
  if (old === null) return;
  const { result } = await http<{ result: Record<string, unknown> }>('GET', '/api/v2/preferences');
  if (result[LAYOUT_KEY] == null) {
    try {
      keep(JSON.parse(old));
    } catch {
      // not a layout: nothing to keep
    }
  }
  localStorage.removeItem(key);
}

/** The signed-in user's dashboard layout and its setter. */
export function useDashboardLayout(userId: string): [Layout, (next: Layout) => void] {
  const [saved, setSaved] = useStore<unknown>(LAYOUT_KEY);
  useEffect(() => {
    if (userId) adoptOldLayout(userId, setSaved).catch(() => undefined);
    // once per user: setSaved is a new function on each render
  }, [userId]);
  return [completeLayout(saved), setSaved];
}
