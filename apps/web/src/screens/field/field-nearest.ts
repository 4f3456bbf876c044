import type { FieldOrder, FieldPlace } from './field-api.ts';

const EARTH_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine): a crew's day spans a city, where it is exact enough. */
export function metresBetween(a: FieldPlace, b: FieldPlace): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Where the crew goes for an order: its first mounting that has a place, else its first cabinet that has one. */
export const placeOf = (o: FieldOrder): FieldPlace | null =>
  o.devices.supports.find((s) => s.location)?.location ??
  o.devices.cabinets.find((c) => c.location)?.location ??
  null;

const dueOf = (o: FieldOrder) => (o.dueDate ? Date.parse(o.dueDate) : Infinity);

/**
 * The day's orders nearest first from the phone's position; those without a place after them. Without a position,
 * by due date (undated last). Ties by due date, then by number, so the list does not jump between loads.
 */
export function inVisitOrder(orders: FieldOrder[], here: FieldPlace | null): FieldOrder[] {
  const distance = (o: FieldOrder) => {
    const place = here && placeOf(o);
    return place ? metresBetween(here!, place) : Infinity;
  };
  return orders
    .map((o) => ({ o, d: distance(o), due: dueOf(o) }))
    .sort((a, b) => a.d - b.d || a.due - b.due || a.o._id - b.o._id)
    .map(({ o }) => o);
}
