import { describe, expect, it } from 'vitest';
import { ANSWER, buildCommand, METER_NO_VALUE, parseCommand, type CommandType } from '@sl/protocol';
import type { Cabinet } from '../city/build-city.ts';
import { rng } from '../rng.ts';
import { answer } from './answer.ts';
import { CabinetDevice } from './cabinet-device.ts';
import { DEFAULT_FAULTS, NO_FAULTS, stepFaults } from './faults.ts';
import { sunNight } from '@sl/domain/astro';
import { ProgramCompiler, type ProgramWorld } from '@sl/domain/lighting';

const cabinet: Cabinet = {
  uid: 'T-1',
  group: 'test',
  lon: -71.11,
  lat: 42.37,
  controller: { uid: 'T-1-C', mac: '024300000000', imei: '350000000000000' },
  meter: { serial: 'M1' },
  modules: ([1, 2, 3] as const).map((phase, i) => ({
    mac: `024D00000000000${i}`,
    phase,
    luminaire: `L${i}`,
    support: `S${i}`,
    watts: 100,
  })),
};
const [A, B, C] = cabinet.modules.map((m) => m.mac) as [string, string, string];
// Cambridge, 2025-01-15, with no program: the default night (MID, sun 3° down) from about 21:40 to 11:58 UTC
const NIGHT = new Date('2025-01-15T03:00:00Z');
const NOON = new Date('2025-01-15T17:00:00Z');
const later = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

function run<T extends CommandType>(
  d: CabinetDevice,
  type: T,
  payload: Parameters<typeof buildCommand<T>>[1],
) {
  const parsed = parseCommand(buildCommand(type, payload, 'id'));
  if (!parsed.ok) throw new Error(parsed.reason);
  return answer(d, parsed.command);
}
const byMac = (d: CabinetDevice, at: Date) => new Map(d.readings(at).map((r) => [r.mac, r]));

describe('a cabinet through day and night', () => {
  it('closes its contactors at night and opens them by day', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.advance(NIGHT);
    expect(d.io.relays).toEqual([true, true, true]);
    expect(d.readings(NIGHT).map((r) => r.cl_status)).toEqual([1, 1, 1]);
    d.advance(NOON);
    expect(d.io.relays).toEqual([false, false, false]);
    const day = d.readings(NOON);
    expect(day.map((r) => [r.cl_status, r.pwm])).toEqual([
      [0, 100],
      [0, 100],
      [0, 100],
    ]);
    expect(day.every((r) => r.pow < 1 && r.lux > 1000)).toBe(true);
  });

  it('holds a switched relay until the next twilight edge', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.advance(NIGHT);
    expect(run(d, 'switch', { sw1: 0 }).reply).toEqual({
      id: 'id',
      code: 0,
      result: { iostate: 0b1101_1110 },
    });
    d.advance(later(NIGHT, 60));
    expect(byMac(d, NIGHT).get(A)!.cl_status).toBe(0);
    d.advance(NOON);
    d.advance(later(NOON, 12 * 60));
    expect(d.io.relays).toEqual([true, true, true]);
  });

  it('refuses a switch while the cabinet key is on MANUAL', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.io.mode = 'MANUAL';
    expect(run(d, 'switch', { sw1: 1 }).reply?.code).toBe(ANSWER.writeRefused);
  });

  it('dims within the module limits and burns accordingly', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.advance(NIGHT);
    expect(run(d, 'params', { macs: [B], minPwm: 30, maxPwm: 50 }).reply?.code).toBe(0);
    expect(run(d, 'dim', { pwm: 10 }).reply).toEqual({ id: 'id', code: 0, result: { pwm: 10, count: 3 } });
    run(d, 'dim', { macs: [C], pwm: 0 });
    d.advance(later(NIGHT, 10));
    const r = byMac(d, NIGHT);
    // 10 % of 100 W, and B at its minimum 30 % scaled by its 50 % limit; ±1 % noise
    expect(Math.abs(r.get(A)!.pow - 10.4)).toBeLessThan(1.5);
    expect(r.get(B)!).toMatchObject({ pwm: 10, lpwm: 30, cpwm: 50 });
    expect(Math.abs(r.get(B)!.pow - 15.4)).toBeLessThan(1.5);
    expect(r.get(C)!).toMatchObject({ pwm: 0, cl_status: 0 });
  });

  it('answers 3 for a module it does not have and stays silent for one it cannot reach', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    expect(run(d, 'dim', { macs: [A, '024DFFFFFFFFFFFF'], pwm: 5 }).reply).toMatchObject({ code: 3 });
    d.lamps.get(B)!.silent = true;
    expect(run(d, 'dim', { macs: [A, B], pwm: 5 }).reply).toBeUndefined();
    d.io.breakers[2] = false;
    expect(run(d, 'params', { macs: [C], radioChannel: 3 }).reply).toBeUndefined();
    expect(d.readings(NIGHT).map((r) => r.mac)).toEqual([A]);
  });

  it('reports a broken lamp as 4097 while switched on, 4096 switched off (spec §4), and counts the meter up', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.lamps.get(A)!.broken = true;
    d.advance(NIGHT);
    const before = d.meterReading(NIGHT).phases.map((p) => p.energy);
    d.advance(later(NIGHT, 60));
    const after = d.meterReading(NIGHT).phases;
    expect(byMac(d, NIGHT).get(A)!.cl_status).toBe(4097);
    // an hour: phase A only the controller and a broken lamp's module, B and C a 100 W lamp each
    expect(after.map((p, i) => p.energy - before[i]!)).toEqual(
      [6, 100, 100].map((w) => expect.closeTo(w, -0.5)),
    );
    expect(after[1]!.voltage).toBeGreaterThan(11_500);
    // reactive: the controller's 2 var on A, each full lamp's driver 0.33 var per W; nothing given back
    const rose = (key: 'reactiveImport' | 'reactiveExport' | 'energyExport', from: typeof after) =>
      d.meterReading(NIGHT).phases.map((p, i) => p[key]! - from[i]![key]!);
    const hourBefore = d.meterReading(NIGHT).phases;
    d.advance(later(NIGHT, 120));
    expect(rose('reactiveImport', hourBefore)).toEqual([2, 33, 33].map((v) => expect.closeTo(v, -0.5)));
    expect(rose('reactiveExport', hourBefore)).toEqual([0, 0, 0]);
    expect(rose('energyExport', hourBefore)).toEqual([0, 0, 0]);
    // dimmed below half, a driver's filter gives var back: reactive export counts, import stands
    d.lamps.get(B)!.pwm = 30;
    const dimmed = d.meterReading(NIGHT).phases;
    d.advance(later(NIGHT, 180));
    expect(rose('reactiveExport', dimmed)[1]).toBeCloseTo(0.25 * (0.4 + 30), -0.5);
    expect(rose('reactiveImport', dimmed)[1]).toBe(0);
    d.meterGap = 1;
    expect(d.meterReading(NIGHT).phases[0]).toMatchObject({
      voltage: METER_NO_VALUE,
      energy: METER_NO_VALUE,
    });
    d.advance(NOON);
    expect(byMac(d, NOON).get(A)!.cl_status).toBe(4096);
  });
});

describe('faults', () => {
  const plan = (rates = DEFAULT_FAULTS) => ({ rates, meanMs: 600_000 });
  const snapshot = (d: CabinetDevice) => [
    d.io.door,
    [...d.io.breakers],
    [...d.lamps.values()].map((l) => [l.silent, l.broken]),
  ];

  it('hold a stuck lamp lit by day or dark at night until let go', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.held.stuck.set(A, true);
    d.held.stuck.set(B, false);
    d.advance(NOON);
    expect(d.readings(NOON).map((r) => r.cl_status)).toEqual([1, 0, 0]);
    d.advance(NIGHT);
    expect(d.readings(NIGHT).map((r) => r.cl_status)).toEqual([1, 0, 1]);
    d.held.stuck.clear();
    d.advance(later(NIGHT, 1));
    expect(d.readings(later(NIGHT, 1)).map((r) => r.cl_status)).toEqual([1, 1, 1]);
  });

  it('repeat with the seed and never happen when switched off', () => {
    const often = { ...DEFAULT_FAULTS, moduleSilent: 500, lampBroken: 50, doorOpen: 500, breakerTrip: 200 };
    const runFaults = (rates = often) => {
      const r = rng(7);
      const d = new CabinetDevice(cabinet, r);
      const seen = [];
      for (let i = 0; i < 50; i++) {
        stepFaults(d, r, plan(rates), 60_000);
        seen.push(JSON.stringify(snapshot(d)));
      }
      return seen;
    };
    expect(runFaults()).toEqual(runFaults());
    expect(new Set(runFaults()).size).toBeGreaterThan(5);
    expect(new Set(runFaults(NO_FAULTS))).toEqual(
      new Set([
        JSON.stringify([
          'closed',
          [true, true, true],
          [
            [false, false],
            [false, false],
            [false, false],
          ],
        ]),
      ]),
    );
  });
});

describe('a cabinet on its lighting program', () => {
  const TZ = 'America/New_York';
  // 70 % all night, 30 % from 23:00 to 05:00 local for lamp B; a step at civil twilight (speed variant)
  const world: ProgramWorld = {
    profiles: new Map([
      [1, { kind: 'onOff', settings: { pwm0: 70, twil: 131 } }],
      [
        2,
        {
          kind: 'linear',
          settings: {
            ...{ pwm0: 100, time1: '22:59', pwm1: 100, time2: '23:00', pwm2: 30 },
            ...{ time3: '05:00', pwm3: 30, time4: '05:01', pwm4: 100, twil: 131 },
          },
        },
      ],
    ]),
    groupControlProfiles: new Map(),
    politics: [{ id: 1, profile: 1, rules: [{ conditions: { luminaryModels: [2] }, profile: 2 }] }],
    dayOf: () => ({ dayType: 'workday' }),
  };
  const compiled = new ProgramCompiler(world).compile(
    [
      { mac: A, facts: { luminaryModel: 1 } },
      { mac: B, facts: { luminaryModel: 2 } },
      { mac: C, facts: { luminaryModel: 1 } },
    ],
    { lat: cabinet.lat, lon: cabinet.lon },
    TZ,
    '2025-01-15',
  );
  const payload = {
    version: 'v1',
    from: compiled.from.toISOString(),
    to: compiled.to.toISOString(),
    tables: compiled.tables.map((t) => ({
      macs: t.macs,
      points: t.points.map((p) => ({ at: p.at.toISOString(), level: p.level })),
    })),
  };
  const civil = sunNight({ lat: cabinet.lat, lon: cabinet.lon }, '2025-01-15', TZ).methods.CIVIL;
  const local = (iso: string) => new Date(`${iso}-05:00`);

  it('acknowledges the program and switches its lamps at the computed instants, with no server', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.advance(NOON);
    expect(run(d, 'program', payload).reply).toEqual({
      id: 'id',
      code: 0,
      result: { version: 'v1', lamps: 3, unknown: [] },
    });
    d.advance(later(civil.on!, -1));
    expect(d.io.relays).toEqual([false, false, false]);
    expect(byMac(d, later(civil.on!, -1)).get(A)!.cl_status).toBe(0);
    d.advance(later(civil.on!, 1));
    expect(d.io.relays).toEqual([true, true, true]);
    const evening = byMac(d, later(civil.on!, 1));
    expect([evening.get(A)!.pwm, evening.get(B)!.pwm]).toEqual([70, 100]);
    expect(evening.get(A)!.cl_status).toBe(1);
    const night = local('2025-01-16T02:00:00');
    d.advance(night);
    expect([byMac(d, night).get(A)!.pwm, byMac(d, night).get(B)!.pwm]).toEqual([70, 30]);
    d.advance(later(civil.off!, 1));
    expect(d.io.relays).toEqual([false, false, false]);
  });

  it('holds a manual dim until the program next changes the level', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.advance(NOON);
    run(d, 'program', payload);
    const evening = local('2025-01-15T20:00:00');
    d.advance(evening);
    run(d, 'dim', { macs: [B], pwm: 55 });
    d.advance(local('2025-01-15T22:30:00'));
    expect(byMac(d, local('2025-01-15T22:30:00')).get(B)!.pwm).toBe(55);
    d.advance(local('2025-01-15T23:01:00'));
    expect(byMac(d, local('2025-01-15T23:01:00')).get(B)!.pwm).toBe(30);
  });

  it('switches a phase on by day only for a lamp dimmed by hand above 0 %, and follows the program at night', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.advance(NOON);
    run(d, 'program', payload);
    const afternoon = local('2025-01-15T14:00:00');
    d.advance(afternoon);
    expect(run(d, 'dim', { pwm: 0 }).reply?.code).toBe(0);
    d.advance(later(afternoon, 1));
    expect(d.io.relays).toEqual([false, false, false]);
    run(d, 'dim', { macs: [B], pwm: 50 });
    d.advance(later(afternoon, 2));
    expect(d.io.relays).toEqual([false, true, false]);
    expect(byMac(d, later(afternoon, 2)).get(B)).toMatchObject({ pwm: 50, cl_status: 1 });
    d.advance(later(civil.on!, 1));
    expect(d.io.relays).toEqual([true, true, true]);
    const evening = byMac(d, later(civil.on!, 1));
    expect([evening.get(A)!.pwm, evening.get(B)!.pwm, evening.get(C)!.pwm]).toEqual([70, 100, 70]);
  });

  it('burns from dusk to dawn on the default method once its program runs out', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.advance(NOON);
    run(d, 'program', payload);
    const afterwards = new Date(compiled.to.getTime() + 12 * 3_600_000);
    d.advance(afterwards);
    const mid = sunNight({ lat: cabinet.lat, lon: cabinet.lon }, '2025-01-22', TZ).methods.MID;
    expect(afterwards > mid.on! && afterwards < mid.off!).toBe(true);
    expect(d.io.relays).toEqual([true, true, true]);
  });
});
