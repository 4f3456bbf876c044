import { describe, expect, it } from 'vitest';
import { replyMessage } from './command.ts';
import { decodeMeterReading } from './meter.ts';
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

  it.each([
    ['a status beyond a byte', { cl_status: 3_000_000_000 }],
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
});
