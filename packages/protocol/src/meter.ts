import { z } from 'zod';
import { decode, encode } from './codec.ts';
import { deviceText, fieldInstant } from './bounds.ts';
import { phase } from './modules.ts';

/** A raw meter value that could not be read (spec §5: shown as 0). */
export const METER_NO_VALUE = 65535;

const raw = z.number().int().min(0);

/**
 * Raw integers as the meter gives them: voltage in 0.01 V, current in mA, power in 0.01 W, energy in Wh (spec §9).
 * `energy` is the active import counter (A+); a four-quadrant meter also gives active export (A−, Wh) and reactive
 * import and export (R+, R−, varh), which a meter that has no such registers leaves out.
 */
export const meterPhase = z.object({
  phase,
  voltage: raw,
  current: raw,
  power: raw,
  energy: raw,
  energyExport: raw.optional(),
  reactiveImport: raw.optional(),
  reactiveExport: raw.optional(),
});

/** `sl/v1/{mac}/meter`: the cabinet meter, read by its controller. */
export const meterReading = z.object({
  serial: deviceText(64).min(1),
  at: fieldInstant,
  phases: z.array(meterPhase).min(1).max(3),
});
export type MeterReading = z.infer<typeof meterReading>;

/** A measured value as a raw integer that cannot be mistaken for METER_NO_VALUE (off by 1 at worst). */
export function meterInt(value: number): number {
  const r = Math.max(0, Math.round(value));
  return r === METER_NO_VALUE ? r + 1 : r;
}

export const encodeMeterReading = (m: MeterReading) => encode(meterReading, m);
export const decodeMeterReading = (raw: Uint8Array | string) => decode(meterReading, raw);
