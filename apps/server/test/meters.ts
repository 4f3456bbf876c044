import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

// Meters of two controllers and their readings, for the tests of the server's check that a meter reading comes from
// the meter's own controller (device-auth through the embedded broker, mosquitto-auth through Mosquitto).

/** The power each controller's readings give, so a stored reading tells who sent it. */
export const A_POWER = 1111;
export const B_POWER = 2222;

/** One meter reading of one phase, JSON as a controller sends it. */
export const meterReadingOf = (serial: string, at: string, power: number) =>
  JSON.stringify({ serial, at, phases: [{ phase: 1, voltage: 23000, current: 100, power, energy: 5 }] });

/** The meter readings stored at `at`, by serial. */
export const meterReadingsAt = (s: TestServer, at: string) =>
  s.sql<{ serial: string; power: string }>(
    'select serial, power::text as power from meter_readings where at = $1 order by serial',
    [at],
  );

/** A meter's latest reading as its row shows it: the power of its first phase. */
export const meterPower = async (s: TestServer, serial: string) =>
  (
    await s.sql<{ power: number | null }>(
      "select (energy_data->0->>'power')::int as power from meters where serial = $1",
      [serial],
    )
  )[0]?.power ?? null;

/**
 * Three meters: `a` of controller `a`, which it names; `b` and `c` of controller `b` through their cabinets only,
 * `b`'s cabinet naming the controller and `c`'s named by the controller. Returns their serials.
 */
export async function metersOf(s: TestServer, a: { id: number }, b: { id: number }, tag: string) {
  const serial = { a: `M-${tag}-a`, b: `M-${tag}-b`, c: `M-${tag}-c` };
  const create = async (entity: string, body: object) => {
    const res = await s.call('POST', `/api/v1/${entity}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body._id as number;
  };
  await create('Meters', { serial: serial.a, controller: a.id });
  const cabinetB = await create('Cabinets', { uid: `cabinet-${tag}-b`, controller: b.id });
  await create('Meters', { serial: serial.b, cabinet: cabinetB });
  const cabinetC = await create('Cabinets', { uid: `cabinet-${tag}-c` });
  const named = await s.call('PATCH', `/api/v1/Controllers/${b.id}`, { cabinet: cabinetC });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  await create('Meters', { serial: serial.c, cabinet: cabinetC });
  return serial;
}
