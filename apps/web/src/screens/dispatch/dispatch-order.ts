import { LOCALES, type Language } from '@sl/domain';
import type { DispatchCrew, DispatchOrder } from './dispatch-api.ts';

export const DISPATCH_SORTS = ['due', 'age', 'crew'] as const;
export type DispatchSort = (typeof DISPATCH_SORTS)[number];

const dueTime = (o: DispatchOrder) => (o.dueDate ? Date.parse(o.dueDate) : Infinity);
const byDue = (a: DispatchOrder, b: DispatchOrder) => dueTime(a) - dueTime(b) || a._id - b._id;

/**
 * The orders in the dispatcher's chosen order: due first (those without a due date last), oldest first, or by crew
 * (those of no crew first, they wait for one), then due first within each.
 */
export function sortOrders(
  orders: readonly DispatchOrder[],
  by: DispatchSort,
  crews: readonly DispatchCrew[],
) {
  const crewName = new Map(crews.map((c) => [c._id, c.name]));
  const nameOf = (o: DispatchOrder) => (o.crew == null ? null : (crewName.get(o.crew) ?? String(o.crew)));
  const compare: Record<DispatchSort, (a: DispatchOrder, b: DispatchOrder) => number> = {
    due: byDue,
    age: (a, b) => b.ageHours - a.ageHours || a._id - b._id,
    crew: (a, b) => {
      const [x, y] = [nameOf(a), nameOf(b)];
      if (x !== y) return x === null ? -1 : y === null ? 1 : x.localeCompare(y);
      return byDue(a, b);
    },
  };
  return [...orders].sort(compare[by]);
}

/** How long an order has been open: hours under two days, then days, as the language writes them. */
export function ageText(hours: number, lang: Language): string {
  const inDays = hours >= 48;
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'unit',
    unit: inDays ? 'day' : 'hour',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(Math.max(0, inDays ? hours / 24 : hours));
}

/** A due date in the user's language and on their clock; a dash when the order has none. */
export const dueText = (due: string | null, lang: Language): string =>
  due === null
    ? '—'
    : new Date(due).toLocaleString(LOCALES[lang], { dateStyle: 'short', timeStyle: 'short' });

/** Enter or Space on a focused row or card chooses its order, as a click does. */
export function chooseByKey(ev: { key: string; preventDefault(): void }, choose: () => void) {
  if (ev.key !== 'Enter' && ev.key !== ' ') return;
  ev.preventDefault();
  choose();
}
