// The dashboard's widgets in the user's order, each shown or hidden; kept under LAYOUT_KEY in react-admin's store,
// which keeps `preferences.*` on the server too (providers/preference-store.ts), so it follows the user.

export const WIDGETS = ['lamps', 'events', 'commands', 'today', 'month', 'saved'] as const;
export type Widget = (typeof WIDGETS)[number];
export type Layout = { widget: Widget; shown: boolean }[];

export const LAYOUT_KEY = 'preferences.dashboard.layout';
/** where the dashboard kept its layout before, in this browser only, per user id */
export const oldLayoutKey = (userId: string) => `sl.dashboard.${userId}`;

const isWidget = (w: unknown): w is Widget => (WIDGETS as readonly unknown[]).includes(w);

/**
 * A saved layout as the dashboard shows it: widgets it no longer has dropped, each widget once, and those it did
 * not know yet added at the end, shown.
 */
export function completeLayout(saved: unknown): Layout {
  const known: Layout = [];
  for (const item of Array.isArray(saved) ? saved : []) {
    const { widget, shown } = (item ?? {}) as { widget?: unknown; shown?: unknown };
    if (isWidget(widget) && !known.some((k) => k.widget === widget))
      known.push({ widget, shown: shown !== false });
  }
  return [
    ...known,
    ...WIDGETS.filter((w) => !known.some((k) => k.widget === w)).map((widget) => ({ widget, shown: true })),
  ];
}

/** The layout with the widget at `from` (among `allowed` ones) moved `by` places among the allowed ones. */
export function moveWidget(
  layout: Layout,
  allowed: (w: Widget) => boolean,
  from: number,
  by: number,
): Layout {
  const mine = layout.filter((w) => allowed(w.widget));
  const to = from + by;
  if (to < 0 || to >= mine.length) return layout;
  [mine[from], mine[to]] = [mine[to]!, mine[from]!];
  return [...mine, ...layout.filter((w) => !allowed(w.widget))];
}
