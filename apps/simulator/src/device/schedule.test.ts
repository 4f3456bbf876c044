import { describe, expect, it } from 'vitest';
import { buildCommand, parseCommand } from '@sl/protocol';
import type { Cabinet } from '../city/build-city.ts';
import { rng } from '../rng.ts';
import { answer } from './answer.ts';
import { CabinetDevice } from './cabinet-device.ts';

// Issue 12: a cabinet in AUTO works its contactors at its schedule's instants, as wired, with no server; in MANUAL
// it ignores them; where the schedule has no row it falls back to the default night (dusk to dawn).

const cabinet: Cabinet = {
  uid: 'S-1',
  group: 'test',
  lon: -71.11,
  lat: 42.37,
  controller: { uid: 'S-1-C', mac: '024300000009', imei: '350000000000009' },
  meter: { serial: 'M9' },
  modules: ([1, 2, 3] as const).map((phase, i) => ({
    mac: `024D00000000009${i}`,
    phase,
    luminaire: `L${i}`,
    support: `S${i}`,
    watts: 100,
  })),
};
const at = (iso: string) => new Date(iso);
// one row: the night of 15 January 2025 in Cambridge (noon to noon, UTC−5), on 18:00 local, off 06:30 local
const night = {
  from: '2025-01-15T17:00:00.000Z',
  to: '2025-01-16T17:00:00.000Z',
  on: '2025-01-15T23:00:00.000Z',
  off: '2025-01-16T11:30:00.000Z',
};

function send(d: CabinetDevice, lit: [boolean, boolean, boolean]) {
  const parsed = parseCommand(buildCommand('schedule', { version: 'v1', lit, nights: [night] }, 'id'));
  if (!parsed.ok) throw new Error(parsed.reason);
  return answer(d, parsed.command);
}
const burning = (d: CabinetDevice) => [...d.lamps.values()].map((l) => l.lit);

describe('a cabinet running its power schedule', () => {
  it('closes its contactors at the on instant and opens them at the off instant, phase A wired inverted', () => {
    const d = new CabinetDevice(cabinet, rng(1));
    d.advance(at('2025-01-15T22:00:00Z'));
    // before the schedule: the default night has begun (dusk is about 21:40 UTC)
    expect(burning(d)).toEqual([true, true, true]);
    expect(send(d, [false, true, true]).reply).toMatchObject({
      code: 0,
      result: { nights: 1, manual: false },
    });
    d.advance(at('2025-01-15T22:59:00Z'));
    expect(burning(d)).toEqual([false, false, false]);
    expect(d.io.relays).toEqual([true, false, false]);
    d.advance(at('2025-01-15T23:00:00Z'));
    expect(burning(d)).toEqual([true, true, true]);
    expect(d.io.relays).toEqual([false, true, true]);
    d.advance(at('2025-01-16T11:29:00Z'));
    expect(burning(d)).toEqual([true, true, true]);
    d.advance(at('2025-01-16T11:30:00Z'));
    expect(burning(d)).toEqual([false, false, false]);
  });

  it('falls back to dusk to dawn where the schedule has no row', () => {
    const d = new CabinetDevice(cabinet, rng(2));
    send(d, [true, true, true]);
    d.advance(at('2025-01-17T03:00:00Z'));
    expect(burning(d)).toEqual([true, true, true]);
    d.advance(at('2025-01-15T22:30:00Z'));
    expect(burning(d)).toEqual([false, false, false]);
  });

  it('ignores the schedule in MANUAL', () => {
    const d = new CabinetDevice(cabinet, rng(3));
    d.io.mode = 'MANUAL';
    d.io.relays = [false, false, false];
    expect(send(d, [true, true, true]).reply).toMatchObject({ code: 0, result: { manual: true } });
    d.advance(at('2025-01-15T23:30:00Z'));
    expect(burning(d)).toEqual([false, false, false]);
  });
});
