import {
  entity,
  OUTAGE_EVENT_TYPES,
  POWER_BAND,
  powerVerdict,
  repairNight,
  VALUE_MESSAGES,
  VERIFY_AFTER_DAWN_MS,
  type PowerReading,
} from '@sl/domain';
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

// the night's readings of the order's lamp modules (named, or on its mountings) whose lamp's model has a rated power
const NIGHT_POWER = `
  select m.mac, mo.power as rated, r.pwm, r.pow, r.lpwm, r.cpwm
  from luminary_modules m
  join luminaries l on l.control_module = m._id and l.deleted_at is null
  join luminary_models mo on mo._id = l.model and mo.power > 0
  join module_readings r on r.mac = m.mac and r.at >= $1::timestamptz and r.at < $2::timestamptz
  where m.deleted_at is null and (m._id = any($3::bigint[]) or m.luminary_support = any($4::bigint[]))
    and r.pwm > 0 and r.pow is not null
  order by m.mac`;

const THE_SERVER: Caller = { allows: () => true };

const why = (type: string, id: number) => {
  const en = VALUE_MESSAGES['en-us'] as Record<string, string>;
  const ru = VALUE_MESSAGES.ru as Record<string, string>;
  return `Not proved by the night: ${en[type] ?? type} (event #${id}) / Ночь не подтвердила ремонт: ${ru[type] ?? type} (событие №${id})`;
};

const round = (n: number) => Math.round(n * 10) / 10;
const offBand = (mac: string, ratio: number, rated: number) => {
  const band = `${POWER_BAND.low * 100}–${POWER_BAND.high * 100} %`;
  return `Not proved by the night: lamp module ${mac} drew ${round(ratio * 100)} % of its model's ${rated} W at its output (band ${band}) / Ночь не подтвердила ремонт: модуль ${mac} потреблял ${round(ratio * 100)} % мощности модели ${rated} Вт при своём уровне (допустимо ${band})`;
};

/** The first lamp of the order whose draw through the night was outside its model's band, as the reason. */
async function powerOutOfBand(raw: Raw, o: Record<string, unknown>, night: { from: Date; until: Date }) {
  const { rows } = await raw.query(NIGHT_POWER, [
    night.from.toISOString(),
    night.until.toISOString(),
    o.modules ?? [],
    o.supports ?? [],
  ]);
  const byMac = new Map<string, { rated: number; readings: PowerReading[] }>();
  for (const r of rows) {
    const lamp = byMac.get(String(r.mac)) ?? { rated: Number(r.rated), readings: [] };
    lamp.readings.push({
      pwm: Number(r.pwm),
      pow: Number(r.pow),
      lpwm: r.lpwm,
      cpwm: r.cpwm,
    } as PowerReading);
    byMac.set(String(r.mac), lamp);
  }
  for (const [mac, lamp] of byMac) {
    const verdict = powerVerdict(lamp.rated, lamp.readings);
    if (verdict && !verdict.inBand) return offBand(mac, verdict.ratio, lamp.rated);
  }
  return undefined;
}

/**
 * A done order is proved by its lamps: through the first night after the repair (sunset to sunrise, then half an hour
 * for the last readings) none of its devices had an outage or its fault's event open, and each lamp drew what its
 * model should at its level (power-band.ts): VERIFIED. Else REOPENED, naming the event or the lamp. Until then it
 * waits for that night.
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
    const reason = event ? why(String(event.type), Number(event._id)) : await powerOutOfBand(raw, o, night);
    await service.update(
      orders,
      THE_SERVER,
      Number(o._id),
      reason ? { status: 'REOPENED', reason } : { status: 'VERIFIED' },
    );
    done[reason ? 'reopened' : 'verified'] += 1;
  }
  return done;
}
