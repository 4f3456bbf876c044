import { sql } from 'drizzle-orm';
import { entity, type EventType } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { insertAll } from '../field/demo-city.ts';

/** What the demo's maintenance seeding writes. */
export const DEMO_MAINTENANCE_ENTITIES = ['FaultKinds', 'Crews'] as const;

type Kind = { name: string; eventType?: EventType; hours: [number, number, number, number] };

// The demo's service levels (hours to repair: urgent, high, medium, low). They are an operator's settings, not a
// city's published figures: a city sets its own in the reference book. Safety first (an open cabinet, a tripped
// breaker, a controller off the air leave whole streets dark), then a dark lamp, then a lamp lit by day.
const KINDS: Kind[] = [
  { name: 'Lamp failure / Отказ светильника', eventType: 'LAMP_BROKEN', hours: [4, 24, 72, 168] },
  {
    name: 'Lamp out at night / Светильник не горит ночью',
    eventType: 'LAMP_OUT_AT_NIGHT',
    hours: [4, 24, 72, 168],
  },
  { name: 'Module silent / Модуль не отвечает', eventType: 'MODULE_NOT_RESPONDING', hours: [8, 24, 72, 168] },
  {
    name: 'Controller off the air / Контроллер не на связи',
    eventType: 'CONTROLLER_DISCONNECTED',
    hours: [2, 8, 24, 72],
  },
  { name: 'Cabinet door open / Дверь шкафа открыта', eventType: 'CABINET_DOOR_OPEN', hours: [2, 4, 24, 48] },
  { name: 'Breaker tripped / Автомат отключён', eventType: 'BREAKER_TRIPPED', hours: [2, 4, 24, 48] },
  { name: 'Lamp lit by day / Светильник горит днём', eventType: 'DAY_BURNING', hours: [24, 48, 120, 240] },
  { name: 'Pole knocked down / Опора повреждена', hours: [2, 4, 24, 72] },
];

/** Fault kinds with their service levels and one crew for the demo group, once. */
export async function seedDemoMaintenance(db: Db, groupId: number): Promise<boolean> {
  const known = await db.execute(sql`select 1 from fault_kinds where deleted_at is null limit 1`);
  if ((known as unknown as { rows: unknown[] }).rows.length > 0) return false;
  await insertAll(
    db,
    entity('FaultKinds'),
    KINDS.map((k) => ({
      name: k.name,
      ...(k.eventType && { eventType: k.eventType }),
      hoursUrgent: k.hours[0],
      hoursHigh: k.hours[1],
      hoursMedium: k.hours[2],
      hoursLow: k.hours[3],
    })),
  );
  await insertAll(db, entity('Crews'), [{ name: 'Crew 1 / Бригада 1', group: groupId }]);
  return true;
}
