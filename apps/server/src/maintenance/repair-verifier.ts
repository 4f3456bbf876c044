import { entity, OUTAGE_EVENT_TYPES, repairNight, VALUE_MESSAGES, VERIFY_AFTER_DAWN_MS } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';

const orders = entity('WorkOrders');

// a done order, with where its devices stand (its first mounting's, else cabinet's, else its group's city)
const DONE_ORDERS = `
  select w._id, w.done_at, w.event_type, w."group", w.modules, w.supports, w.cabinets,
    coalesce(s.location_lat, k.location_lat, c.lat) as lat, coalesce(s.location_lon, k.location_lon, c.lon) as lon
  from work_orders w
  left join luminary_supports s on s._id = w.supports[1]
  left join cabinets k on k._id = w.cabinets[1]
  left join groups g on g._id = w."group"
  left join cities c on c._id = g.cities[1]
  where w.status = 'DONE' and w.deleted_at is null and w.done_at is not null
  order by w._id`;

// what shows the repair did not hold: an event of its fault or an outage, on its devices, open during the night
const FAILED_EVENTS = `
  select e._id, e.type from important_events e
  where e.deleted_at is null and e.type = any($1::text[])
    and e.open_date < $3::timestamptz and (e.close_date is null or e.close_date > $2::timestamptz)
    and (e.module = any($4::bigint[]) or e.support = any($5::bigint[])
      or (e.module is null and e.support is null and e.cabinet = any($6::bigint[])))
  order by e.open_date limit 1`;

const THE_SERVER: Caller = { allows: () => true };

const why = (type: string, id: number) => {
  const en = VALUE_MESSAGES['en-us'] as Record<string, string>;
  const ru = VALUE_MESSAGES.ru as Record<string, string>;
  return `Not proved by the night: ${en[type] ?? type} (event #${id}) / Ночь не подтвердила ремонт: ${ru[type] ?? type} (событие №${id})`;
};

/**
 * A done order is proved by its lamps: through the first night after the repair (sunset to sunrise, then half an hour
 * for the last readings) none of its devices had an outage or its fault's event open: VERIFIED. Else REOPENED,
 * naming the event. Until then it waits for that night.
 */
export async function verifyRepairs(raw: Raw, service: EntityService, now: Date) {
  const done = { verified: 0, reopened: 0 };
  const { rows } = await raw.query(DONE_ORDERS, []);
  for (const o of rows) {
    if (o.lat == null || o.lon == null) continue;
    const night = repairNight({ lat: Number(o.lat), lon: Number(o.lon) }, new Date(o.done_at as string));
    if (now.getTime() < night.until.getTime() + VERIFY_AFTER_DAWN_MS) continue;
    const types = [...new Set([...OUTAGE_EVENT_TYPES, ...(o.event_type ? [String(o.event_type)] : [])])];
    const { rows: failed } = await raw.query(FAILED_EVENTS, [
      types,
      night.from.toISOString(),
      night.until.toISOString(),
      o.modules ?? [],
      o.supports ?? [],
      o.cabinets ?? [],
    ]);
    const event = failed[0];
    await service.update(
      orders,
      THE_SERVER,
      Number(o._id),
      event
        ? { status: 'REOPENED', reason: why(String(event.type), Number(event._id)) }
        : { status: 'VERIFIED' },
    );
    done[event ? 'reopened' : 'verified'] += 1;
  }
  return done;
}
