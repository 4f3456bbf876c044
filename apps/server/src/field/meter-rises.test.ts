import { describe, expect, it } from 'vitest';
import type { MeterReading } from '@sl/protocol';
import { MeterRises } from './meter-rises.ts';

// Which meter readings rose no faster than a meter counts, against the meter's previous reading.

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1) + minutes * 60_000).toISOString();
const reading = (minutes: number, energy: number, serial = 'M1'): { reading: MeterReading } => ({
  reading: {
    serial,
    at: at(minutes),
    phases: [{ phase: 1, voltage: 23000, current: 100, power: 2200, energy }],
  },
});
const energies = (rs: MeterReading[]) => rs.map((r) => r.phases[0]!.energy);

describe('MeterRises', () => {
  it('judges the first reading against the stored registers, the next against it, in time order', () => {
    const rises = new MeterRises();
    const stored = new Map([['M1', { at: at(0), phases: [{ phase: 1, energy: 1_000_000 }] }]]);
    const refused: string[] = [];
    const kept = rises.sift(
      [reading(2, 1_010_000), reading(1, 1_005_000), reading(3, 9e11)],
      stored,
      (r, why) => refused.push(`${r.reading.at} ${why}`),
    );
    expect(energies(kept)).toEqual([1_005_000, 1_010_000]);
    expect(refused).toEqual([expect.stringContaining(`${at(3)} phase 1 energy rose`)]);
  });

  it('believes a meter that goes on from a new value from its second reading, and one without a past', () => {
    const rises = new MeterRises();
    const stored = new Map([['M1', { at: at(0), phases: [{ phase: 1, energy: 1_000_000 }] }]]);
    const refuse = () => undefined;
    expect(rises.sift([reading(1, 5e9)], stored, refuse)).toEqual([]);
    expect(energies(rises.sift([reading(2, 5e9 + 1000)], stored, refuse))).toEqual([5e9 + 1000]);
    expect(energies(rises.sift([reading(2, 7e11, 'M2')], stored, refuse))).toEqual([7e11]);
  });
});
