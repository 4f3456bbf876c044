import { describe, expect, it } from 'vitest';
import type { FieldOrder, FieldPlace } from './field-api.ts';
import { inVisitOrder, metresBetween } from './field-nearest.ts';

const order = (id: number, place: FieldPlace | null, dueDate: string | null): FieldOrder => ({
  _id: id,
  title: `Order ${id}`,
  status: 'ASSIGNED',
  priority: 'MEDIUM',
  dueDate,
  doneAt: null,
  street: null,
  eventType: null,
  faultKind: null,
  notes: null,
  reason: null,
  updatedAt: '2026-01-01T00:00:00Z',
  devices: {
    supports: place ? [{ _id: id, uid: `P-${id}`, street: null, address: null, location: place }] : [],
    lamps: [],
    modules: [],
    cabinets: [],
    events: [],
  },
});

// Cambridge, MA: Central Square, Harvard Square (some 1.6 km west-north-west), Kendall Square (1.4 km east)
const central = { lat: 42.3654, lon: -71.1037 };
const harvard = { lat: 42.3736, lon: -71.119 };
const kendall = { lat: 42.3629, lon: -71.0865 };

describe('the order of visits', () => {
  it('measures a city’s distances', () => {
    expect(metresBetween(central, central)).toBe(0);
    expect(Math.round(metresBetween(central, harvard) / 100)).toBe(16);
    expect(Math.round(metresBetween(central, kendall) / 100)).toBe(14);
  });

  it('puts the nearest first, those without a place last, ties by due date', () => {
    const orders = [
      order(1, harvard, '2026-01-02T00:00:00Z'),
      order(2, null, '2026-01-01T00:00:00Z'),
      order(3, kendall, '2026-01-03T00:00:00Z'),
      order(4, kendall, '2026-01-02T00:00:00Z'),
    ];
    expect(inVisitOrder(orders, { lat: 42.363, lon: -71.09 }).map((o) => o._id)).toEqual([4, 3, 1, 2]);
    expect(inVisitOrder(orders, harvard).map((o) => o._id)).toEqual([1, 4, 3, 2]);
  });

  it('goes by due date without a position, undated last', () => {
    const orders = [
      order(1, harvard, null),
      order(2, null, '2026-01-03T00:00:00Z'),
      order(3, kendall, '2026-01-01T00:00:00Z'),
    ];
    expect(inVisitOrder(orders, null).map((o) => o._id)).toEqual([3, 2, 1]);
  });
});
