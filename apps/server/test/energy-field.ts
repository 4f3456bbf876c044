import mqtt from 'mqtt';
import { addDays } from '@sl/domain/astro';
import { encodeMeterReading, topic } from '@sl/protocol';
import { sampleModuleReading } from '@sl/protocol/testing';
import type { TestServer } from './harness.ts';

// A known series of field readings for the energy tests (HTTP and browser): a meter in London across the night the
// clocks go back (a 25-hour local day), one phase once with 65535 (no value), and a 100 W lamp's module burning
// two hours, all published through the broker by the controller they belong to.

export const TZ = 'Europe/London';
export const MAC = '0243EE000001';
export const MODULE = '024DEE0000000001';
/** a 100 W lamp's module: [instant, energy Wh, burn hours] */
export const MODULE_READINGS: [string, number, number][] = [];
export const SERIAL = 'M-ENERGY-1';

/** The last Sunday of October (London's clocks go back) at least three days before now. */
function fallBackDay(now: Date): string {
  for (let year = now.getUTCFullYear(); ; year--) {
    let day = `${year}-10-31`;
    while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0) day = addDays(day, -1);
    if (Date.parse(`${day}T00:00:00Z`) + 3 * 86_400_000 < now.getTime()) return day;
  }
}

export const D = fallBackDay(new Date());
export const at = (day: string, time: string) => `${day}T${time}:00.000Z`;
MODULE_READINGS.push([at(D, '18:10'), 1000, 10], [at(D, '19:10'), 1040, 11], [at(D, '20:10'), 1100, 12]);
/** [instant, phase 1 energy, phase 2 energy] in Wh; phase 2's 65535 is "no value" */
export const READINGS: [string, number, number][] = [
  [at(addDays(D, -1), '22:30'), 1000, 2000], // local 23:30 BST, the day before
  [at(addDays(D, -1), '23:30'), 1100, 2050], // local 00:30 BST on D: night
  [at(D, '00:30'), 1200, 65535], // local 01:30 BST (its first passing): night
  [at(D, '11:30'), 1300, 2100], // local 11:30 GMT: day
  [at(D, '23:30'), 1500, 2300], // local 23:30 GMT, still D (a 25-hour day): night
  [at(addDays(D, 1), '00:30'), 1600, 2400], // local 00:30 on D+1: night
];

/**
 * Phase 1's four-quadrant registers at each of READINGS: active export (Wh, a street light gives none back),
 * reactive import and export (varh), one reactive import unreadable (65535). Phase 2 has no such registers.
 */
export const PHASE1_REGISTERS: [number, number, number][] = [
  [7, 300, 10],
  [7, 330, 10],
  [7, 65535, 12],
  [7, 390, 12],
  [7, 450, 20],
  [7, 480, 21],
];

/** Publishes the series as the controller MAC, signed in with its broker `secret`. */
export async function publishEnergyField(s: TestServer, secret: string) {
  const meter = await mqtt.connectAsync(s.brokerUrl, { clientId: MAC, username: MAC, password: secret });
  for (const [i, [when, e1, e2]] of READINGS.entries()) {
    const last = when === READINGS.at(-1)![0];
    const [energyExport, reactiveImport, reactiveExport] = PHASE1_REGISTERS[i]!;
    const phases = [
      {
        phase: 1 as const,
        voltage: 23000,
        current: 5000,
        power: last ? 120000 : 50000,
        energy: e1,
        energyExport,
        reactiveImport,
        reactiveExport,
      },
      {
        phase: 2 as const,
        voltage: e2 === 65535 ? 65535 : 23100,
        current: 2000,
        power: last ? 30000 : 20000,
        energy: e2,
      },
    ];
    await meter.publishAsync(topic(MAC, 'meter'), encodeMeterReading({ serial: SERIAL, at: when, phases }), {
      qos: 1,
    });
  }
  for (const [when, energy, runh] of MODULE_READINGS)
    await meter.publishAsync(
      topic(MAC, 'modules'),
      JSON.stringify({ at: when, modules: [sampleModuleReading(MODULE, { at: when, energy, runh })] }),
      { qos: 1 },
    );
  await meter.endAsync();
}

/** Publishes one more reading of the meter, phase 1 only: `energy` in Wh, `power` in the protocol's 0.01 W. */
export async function publishMeterReading(
  s: TestServer,
  secret: string,
  reading: { at: string; energy: number; power: number },
) {
  const meter = await mqtt.connectAsync(s.brokerUrl, { clientId: MAC, username: MAC, password: secret });
  const phases = [
    { phase: 1 as const, voltage: 23000, current: 6500, power: reading.power, energy: reading.energy },
  ];
  await meter.publishAsync(
    topic(MAC, 'meter'),
    encodeMeterReading({ serial: SERIAL, at: reading.at, phases }),
    { qos: 1 },
  );
  await meter.endAsync();
}
