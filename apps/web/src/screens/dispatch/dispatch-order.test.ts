import { describe, expect, it } from 'vitest';
import type { DispatchOrder } from './dispatch-api.ts';
import { ageText, sortOrders } from './dispatch-order.ts';

const order = (_id: number, o: Partial<DispatchOrder>): DispatchOrder => ({
  _id,
  title: `O-${_id}`,
  status: 'NEW',
  priority: 'MEDIUM',
  crew: null,
  group: 1,
  dueDate: null,
  street: null,
  openedAt: '2026-11-01T00:00:00.000Z',
  ageHours: 1,
  late: false,
  lon: null,
  lat: null,
  ...o,
});

const crews = [
  { _id: 7, name: 'Night crew', group: 1 },
  { _id: 8, name: 'Day crew', group: 1 },
];
const orders = [
  order(1, { dueDate: '2026-11-03T00:00:00Z', ageHours: 5, crew: 7 }),
  order(2, { dueDate: null, ageHours: 50 }),
  order(3, { dueDate: '2026-11-02T00:00:00Z', ageHours: 2, crew: 8 }),
  order(4, { dueDate: '2026-11-04T00:00:00Z', ageHours: 9 }),
];
const ids = (list: DispatchOrder[]) => list.map((o) => o._id);

describe("the dispatcher's orders", () => {
  it('sorts due first with the undated last, oldest first, or by crew with the unassigned first', () => {
    expect(ids(sortOrders(orders, 'due', crews))).toEqual([3, 1, 4, 2]);
    expect(ids(sortOrders(orders, 'age', crews))).toEqual([2, 4, 1, 3]);
    expect(ids(sortOrders(orders, 'crew', crews))).toEqual([4, 2, 3, 1]);
  });

  it('writes an age in hours, then in days from two days on, as each language does', () => {
    expect(ageText(5.4, 'en-us')).toBe('5 hr');
    expect(ageText(50, 'en-us')).toBe('2 days');
    expect(ageText(30, 'ru')).toBe('30 ч');
    expect(ageText(24 * 12, 'ru')).toBe('12 дн.');
  });
});
