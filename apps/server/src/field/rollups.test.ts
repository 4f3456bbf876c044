import { describe, expect, it } from 'vitest';
import { moduleHours } from './rollups.ts';

describe('moduleHours', () => {
  it('sums a flush per module and UTC hour, ignoring missing values, in module then hour order', () => {
    const hours = moduleHours([
      { at: '2026-03-29T01:59:59.000Z', mac: 'B', energy: 10, runh: 5, pow: 40 },
      { at: '2026-03-29T01:10:00.000Z', mac: 'B', energy: 8, runh: null, pow: 30 },
      { at: '2026-03-29T02:00:00.000Z', mac: 'B', energy: 12, runh: 6 },
      { at: '2026-03-29T01:30:00+02:00', mac: 'A', energy: null, runh: 1, pow: 10 },
      { at: 'not a time', mac: 'A', energy: 99 },
    ]);
    expect(hours).toEqual([
      {
        mac: 'A',
        hour: '2026-03-28T23:00:00.000Z',
        energyMin: null,
        energyMax: null,
        runhMin: 1,
        runhMax: 1,
        powSum: 10,
        readings: 1,
      },
      {
        mac: 'B',
        hour: '2026-03-29T01:00:00.000Z',
        energyMin: 8,
        energyMax: 10,
        runhMin: 5,
        runhMax: 5,
        powSum: 70,
        readings: 2,
      },
      {
        mac: 'B',
        hour: '2026-03-29T02:00:00.000Z',
        energyMin: 12,
        energyMax: 12,
        runhMin: 6,
        runhMax: 6,
        powSum: 0,
        readings: 1,
      },
    ]);
  });
});
