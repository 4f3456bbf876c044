// Unit rules of spec §5 and §9.

/** Meters report 65535 for "no value". */
export const meterRaw = (raw: number): number => (raw === 65535 ? 0 : raw);

/** Below 100000 in every phase the reading is shown in watts (÷100), otherwise kilowatts (÷100000). */
export function meterPowerUnit(phases: readonly number[]): { unit: 'W' | 'kW'; divisor: number } {
  return phases.some((p) => meterRaw(p) >= 100000)
    ? { unit: 'kW', divisor: 100000 }
    : { unit: 'W', divisor: 100 };
}

export const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

export const energyValue = (raw: number) => round(meterRaw(raw) / 1000, 2);
export const voltageValue = (raw: number) => round(meterRaw(raw) / 100, 2);
export const roundCoordinate = (value: number) => round(value, 6);

export const LIMITS = {
  pageSize: 10,
  unpaged: 1_000_000,
  nameList: 100_000,
  filter: 100_000,
  events: 1_000_000,
  notificationMs: 10_000,
  chunkLoadSeconds: 120,
  calendarCsvBytes: 7 * 1024,
} as const;

export const MAP_RADII = { fullLoad: 50000, moduleBounds: 5, default: 500, neighbours: 100 } as const;

export const MODULE_PARAMETER_RANGES = {
  minPwm: { min: 1, max: 99 },
  maxPwmLimit: { min: 30, max: 100 },
  radioChannel: { min: 0, max: 15 },
  radioPower: { min: 0, max: 14 },
} as const;
