import { describe, expect, it } from 'vitest';
import { entity } from './registry.ts';
import {
  energyValue,
  floorTo,
  formatMeasure,
  formatNumber,
  formatRaw,
  meterPowerUnit,
  meterRaw,
  roundCoordinate,
  voltageValue,
} from './units.ts';

describe('unit rules (spec §5, §9)', () => {
  it('cuts a share down, never up to 1, and takes float error for none', () => {
    expect(floorTo(1 - 1e-7, 6)).toBe(0.999999);
    expect(floorTo(99.99999, 2)).toBe(99.99);
    expect(floorTo(1 - 0.25, 6)).toBe(0.75);
    expect(floorTo(0.1 + 0.2, 1)).toBe(0.3);
    expect(floorTo(0.75 - 1e-16, 6)).toBe(0.75);
    expect(floorTo(1, 2)).toBe(1);
  });
  it('treats meter raw 65535 as 0', () => {
    expect(meterRaw(65535)).toBe(0);
    expect(meterRaw(65534)).toBe(65534);
    expect(energyValue(65535)).toBe(0);
  });

  it('shows watts below 100000 in every phase, kilowatts otherwise', () => {
    expect(meterPowerUnit([99999, 5, 0])).toEqual({ unit: 'W', divisor: 100 });
    expect(meterPowerUnit([99999, 100000, 0])).toEqual({ unit: 'kW', divisor: 100000 });
    expect(meterPowerUnit([65535, 65535, 65535]).unit).toBe('W');
  });

  it('divides energy by 1000 and voltage by 100 to 2 decimals, coordinates to 6', () => {
    expect(energyValue(123456)).toBe(123.46);
    expect(voltageValue(23012)).toBe(230.12);
    expect(roundCoordinate(-71.10941249)).toBe(-71.109412);
  });

  it('writes numbers as the language does, with the unit', () => {
    expect(formatNumber(70.3, 'ru')).toBe('70,3');
    expect(formatNumber(70.8, 'en-us')).toBe('70.8');
    expect(formatNumber(12345.678, 'ru')).toBe('12\u00a0345,68');
    expect(formatMeasure(70.25, 'W', 'ru', 1)).toBe('70,3\u00a0Вт');
    expect(formatMeasure(40, 'percent', 'en-us')).toBe('40%');
  });

  it('shows each field by the rule its declaration names', () => {
    const show = (name: string, field: string) => entity(name).fields[field]!.show!;
    expect(formatRaw(show('LuminaryModules', 'energy'), 123456, 'en-us')).toBe('123.46\u00a0kWh');
    const energyData = entity('Meters').fields.energyData!;
    const phase = energyData.kind === 'list' && energyData.of.kind === 'object' ? energyData.of.fields : {};
    expect(formatRaw(phase.voltage!.show!, 23012, 'ru')).toBe('230,12\u00a0В');
    expect(formatRaw(phase.power!.show!, 25000, 'en-us', [25000, 120000, 0])).toBe('0.25\u00a0kW');
    expect(formatRaw(phase.power!.show!, 25000, 'en-us', [25000, 0, 0])).toBe('250\u00a0W');
  });
});
