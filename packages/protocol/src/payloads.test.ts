import { describe, expect, it } from 'vitest';
import { decodeIo, encodeIo, decodeState, encodeState, IO_BITS } from './state.ts';
import { decodeModuleBatch, decodeModuleReadings, MODULE_BATCH_MAX, type ModuleReading } from './modules.ts';
import { decodeMeterReading, METER_NO_VALUE, meterInt } from './meter.ts';
import { deviceMac } from './topics.ts';

const at = new Date(Date.now() - 3600_000).toISOString();

describe('controller state', () => {
  it('packs the cabinet I/O in the documented bit order', () => {
    expect(IO_BITS).toEqual({
      door: 0,
      mode: 1,
      breaker1: 2,
      breaker2: 3,
      breaker3: 4,
      relay1: 5,
      relay2: 6,
      relay3: 7,
    });
    const io = decodeIo(0b1010_0110);
    expect(io).toEqual({
      door: 'closed',
      mode: 'AUTO',
      breakers: [true, false, false],
      relays: [true, false, true],
    });
    for (let n = 0; n < 256; n++) expect(encodeIo(decodeIo(n))).toBe(n);
  });

  it('reads an online state and a bare last will', () => {
    const online = {
      online: true,
      iostate: 254,
      cputemp: 36.5,
      version: '1.0',
      network: 'LTE',
      readingMeter: true,
      at,
    };
    expect(decodeState(encodeState(online as never))).toEqual({ ok: true, value: online });
    expect(decodeState('{"online":false}')).toEqual({ ok: true, value: { online: false } });
  });

  it('refuses an online state without its fields, an iostate past 8 bits, and non-JSON', () => {
    expect(decodeState('{"online":true}').ok).toBe(false);
    const bad = {
      online: true,
      iostate: 256,
      cputemp: 30,
      version: '1',
      network: '',
      readingMeter: false,
      at,
    };
    expect(decodeState(JSON.stringify(bad)).ok).toBe(false);
    expect(decodeState('{online').ok).toBe(false);
  });
});

describe('module readings', () => {
  const reading: ModuleReading = {
    mac: '024D000100000001',
    pwm: 100,
    pow: 70.2,
    lux: 3,
    temp: 21.5,
    energy: 12345.6,
    runh: 4012.25,
    lpwm: 10,
    cpwm: 100,
    rssi: -71,
    twil: 3,
    cl_status: 1,
    phase: 2,
    at,
  };
  const batch = (modules: unknown[]) => JSON.stringify({ at, modules });

  it('reads a batch and normalises MACs', () => {
    const r = decodeModuleBatch(batch([{ ...reading, mac: '02:4d:00:01:00:00:00:01' }]));
    expect(r).toEqual({ ok: true, value: { at, modules: [reading] } });
  });

  it('refuses phase outside 1..3, pwm outside 0..100, empty and oversized batches', () => {
    for (const bad of [{ phase: 0 }, { phase: 4 }, { pwm: 101 }, { pwm: -1 }, { at: 'yesterday' }])
      expect(decodeModuleBatch(batch([{ ...reading, ...bad }])).ok).toBe(false);
    expect(decodeModuleBatch(batch([])).ok).toBe(false);
    expect(decodeModuleBatch(batch(Array(MODULE_BATCH_MAX + 1).fill(reading))).ok).toBe(false);
  });

  it('reads a batch reading by reading: a bad one is refused alone, an unreadable envelope whole', () => {
    const good = { ...reading, mac: '024D000100000002' };
    const r = decodeModuleReadings(batch([reading, { ...reading, pwm: 101 }, good]));
    expect(r.ok && r.value.modules).toEqual([reading, good]);
    expect(r.ok && r.value.refused).toEqual([expect.stringMatching(/^modules\.1: pwm: /)]);
    expect(decodeModuleReadings(JSON.stringify({ at: 'yesterday', modules: [reading] })).ok).toBe(false);
    expect(decodeModuleReadings(batch([])).ok).toBe(false);
    expect(decodeModuleReadings(batch(Array(MODULE_BATCH_MAX + 1).fill(reading))).ok).toBe(false);
  });

  it('takes MACs of 4 to 8 bytes only', () => {
    expect(deviceMac.safeParse('aa-bb-cc-dd').success).toBe(true);
    expect(deviceMac.safeParse('AABBCC').success).toBe(false);
    expect(deviceMac.safeParse('AABBCCDDEEFF001122').success).toBe(false);
  });
});

describe('meter readings', () => {
  const phase = (n: number, v = 12000) => ({
    phase: n,
    voltage: v,
    current: 1500,
    power: 18000,
    energy: 987654,
  });

  it('reads three phases of raw integers, 65535 included', () => {
    const m = { serial: 'SLM1', at, phases: [phase(1), phase(2), phase(3, METER_NO_VALUE)] };
    expect(decodeMeterReading(JSON.stringify(m))).toEqual({ ok: true, value: m });
  });

  it('takes a four-quadrant meter’s export and reactive counters, and a meter without them', () => {
    const four = { ...phase(1), energyExport: 0, reactiveImport: 32100, reactiveExport: 410 };
    const m = { serial: 'SLM1', at, phases: [four, phase(2)] };
    expect(decodeMeterReading(JSON.stringify(m))).toEqual({ ok: true, value: m });
    const negative = { serial: 'SLM1', at, phases: [{ ...phase(1), reactiveExport: -1 }] };
    expect(decodeMeterReading(JSON.stringify(negative)).ok).toBe(false);
  });

  it('refuses fractions, negatives and a fourth phase', () => {
    for (const phases of [[phase(1, 120.5)], [phase(1, -1)], [phase(4)], [1, 2, 3, 1].map((n) => phase(n))])
      expect(decodeMeterReading(JSON.stringify({ serial: 'S', at, phases })).ok).toBe(false);
  });

  it('never turns a measured value into the no-value sentinel', () => {
    expect(meterInt(65534.6)).toBe(65536);
    expect(meterInt(65534.4)).toBe(65534);
    expect(meterInt(-3)).toBe(0);
  });
});
