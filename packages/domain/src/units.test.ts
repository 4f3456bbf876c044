import { describe, expect, it } from 'vitest';
import { energyValue, meterPowerUnit, meterRaw, roundCoordinate, voltageValue } from './units.ts';

describe('unit rules (spec §5, §9)', () => {
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
});
