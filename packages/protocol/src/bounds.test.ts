import { describe, expect, it } from 'vitest';
import { replyMessage } from './command.ts';
import {
  decodeMeterReading,
  impossibleRise,
  METER_NO_VALUE,
  METER_REGISTER_MAX,
  type MeterReading,
} from './meter.ts';
import { decodeModuleBatch } from './modules.ts';
import { decodeState } from './state.ts';
import { sampleModuleReading } from './testing.ts';

// The poisons an outside review sent: each passed the schemas and then failed a whole ingest batch.

const now = () => new Date().toISOString();
const reading = () => sampleModuleReading('024D000100000001');
const batch = (r: object) => JSON.stringify({ at: now(), modules: [{ ...reading(), ...r }] });
const state = (s: object) =>
  JSON.stringify({
    online: true,
    iostate: 1,
    cputemp: 30,
    version: '1.0',
    network: 'LTE',
    readingMeter: true,
    at: now(),
    ...s,
  });

describe('field payloads are bounded by what the database holds', () => {
  it('takes a reading of now', () => {
    expect(decodeModuleBatch(batch({})).ok).toBe(true);
  });

  it.each([0, 1, 2, 4, 5, 4096, 4097])('takes the status code %s of spec §4', (code) => {
    expect(decodeModuleBatch(batch({ cl_status: code })).ok).toBe(true);
  });

  it.each([
    ['a status beyond the int column', { cl_status: 3_000_000_000 }],
    ['a status no module reports (spec §4)', { cl_status: 255 }],
    ['offline, which the server decides', { cl_status: 3 }],
    ['year 0000', { at: '0000-01-01T00:00:00Z' }],
    ['a time years ago', { at: '2001-01-01T00:00:00Z' }],
    ['a time next week', { at: new Date(Date.now() + 7 * 86_400_000).toISOString() }],
    ['an energy of 1e300', { energy: 1e300 }],
  ])('refuses %s in a module reading', (_what, bad) => {
    const r = decodeModuleBatch(batch(bad));
    expect(r.ok).toBe(false);
  });

  it('refuses a NUL, a control character or a lone surrogate in a controller state', () => {
    expect(decodeState(state({})).ok).toBe(true);
    expect(decodeState(state({ version: '1.0\u0000' })).ok).toBe(false);
    expect(decodeState(state({ network: 'LTE\u001b[31m' })).ok).toBe(false);
    expect(decodeState(state({ version: '1.\ud800' })).ok).toBe(false);
    expect(decodeState(state({ version: 'версия 1.0 ✓' })).ok).toBe(true);
    expect(decodeState(JSON.stringify({ online: false, at: '0000-01-01T00:00:00Z' })).ok).toBe(false);
  });

  it('refuses a meter serial with a NUL and a reading of year 0000', () => {
    const phases = [{ phase: 1, voltage: 22000, current: 100, power: 2200, energy: 5 }];
    expect(decodeMeterReading(JSON.stringify({ serial: 'M1', at: now(), phases })).ok).toBe(true);
    expect(decodeMeterReading(JSON.stringify({ serial: 'M\u00001', at: now(), phases })).ok).toBe(false);
    expect(decodeMeterReading(JSON.stringify({ serial: 'M1', at: '0000-01-01T00:00:00Z', phases })).ok).toBe(
      false,
    );
  });

  it('refuses a reply whose result holds a NUL or whose code is beyond an int', () => {
    expect(replyMessage.safeParse({ id: 'c1', code: 0, result: { note: 'ok' } }).success).toBe(true);
    expect(replyMessage.safeParse({ id: 'c1', code: 0, result: { note: 'o\u0000k' } }).success).toBe(false);
    expect(replyMessage.safeParse({ id: 'c1', code: 2 ** 40 }).success).toBe(false);
    expect(replyMessage.safeParse({ id: 'c\u00001', code: 0 }).success).toBe(false);
  });

  it('refuses a meter register beyond what a meter holds', () => {
    const meter = (p: object) =>
      decodeMeterReading(
        JSON.stringify({
          serial: 'M1',
          at: now(),
          phases: [{ phase: 1, voltage: 23000, current: 100, power: 2200, energy: 5, ...p }],
        }),
      );
    expect(meter({ energy: METER_REGISTER_MAX }).ok).toBe(true);
    expect(meter({ energy: 2 ** 53 - 1 }).ok).toBe(false);
    expect(meter({ energy: METER_REGISTER_MAX + 1 }).ok).toBe(false);
    expect(meter({ reactiveExport: 2 ** 53 - 1 }).ok).toBe(false);
    expect(meter({ power: 2 ** 40 }).ok).toBe(false);
  });
});

describe('a meter register rises no faster than a meter can count', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 10, 1) + s * 1000).toISOString();
  const reading = (s: number, energy: number, more: object = {}): MeterReading => ({
    serial: 'M1',
    at: at(s),
    phases: [{ phase: 1 as const, voltage: 23000, current: 100, power: 2200, energy, ...more }],
  });
  const before = { at: at(0), phases: [{ phase: 1, energy: 5_000_000, reactiveImport: 100 }] };

  it('believes what 1 MW could add in the time between, with a minute of slack', () => {
    expect(impossibleRise(before, reading(60, 5_000_000 + 33_000))).toBeUndefined();
    // an hour: 1 MWh, and the minute's slack
    expect(impossibleRise(before, reading(3600, 5_000_000 + 1_016_000))).toBeUndefined();
  });

  it('refuses a register that rose faster, on any register', () => {
    expect(impossibleRise(before, reading(60, 5_000_000 + 40_000))).toMatch(
      /phase 1 energy rose 40000 in 60 s/,
    );
    expect(impossibleRise(before, reading(60, 5_000_000, { reactiveImport: 10 ** 9 }))).toMatch(
      /reactiveImport/,
    );
  });

  it('believes a fall, an earlier reading, and a rise from an unknown value', () => {
    expect(impossibleRise(before, reading(60, 10))).toBeUndefined();
    expect(impossibleRise(before, reading(-60, 10 ** 11))).toBeUndefined();
    expect(
      impossibleRise({ at: at(0), phases: [{ phase: 1, energy: 0 }] }, reading(60, 10 ** 11)),
    ).toBeUndefined();
    const unread = { at: at(0), phases: [{ phase: 1, energy: METER_NO_VALUE }] };
    expect(impossibleRise(unread, reading(60, 10 ** 11))).toBeUndefined();
    expect(impossibleRise(before, reading(60, METER_NO_VALUE))).toBeUndefined();
    expect(impossibleRise({ at: at(0), phases: [] }, reading(60, 10 ** 11))).toBeUndefined();
  });
});
