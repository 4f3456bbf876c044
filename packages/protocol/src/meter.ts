import { z } from 'zod';
import { decode, encode } from './codec.ts';
import { deviceText, fieldInstant } from './bounds.ts';
import { phase } from './modules.ts';

/** A raw meter value that could not be read (spec §5: shown as 0). */
export const METER_NO_VALUE = 65535;

/**
 * The most an energy register holds, in Wh (varh): a meter's counter shows at most 999,999,999.9 kWh, and no
 * street-lighting cabinet comes near it. A larger value is no reading (2^53−1 Wh reported as 9×10^12 kWh).
 */
export const METER_REGISTER_MAX = 1e12;
/**
 * The most power a phase of a meter passes, in W (VA): 1 MW, far beyond any cabinet's supply. A register that rose
 * faster than this since the meter's previous reading was not read right (see `impossibleRise`).
 */
export const METER_MAX_POWER_W = 1e6;
/** Clock slack between two readings of one meter, in s: a rise within this much of the bound is still believed. */
const RISE_GRACE_S = 60;

const raw = z.number().int().min(0).max(2_147_483_647);
const register = z.number().int().min(0).max(METER_REGISTER_MAX);

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
  energy: register,
  energyExport: register.optional(),
  reactiveImport: register.optional(),
  reactiveExport: register.optional(),
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

export const METER_REGISTERS = ['energy', 'energyExport', 'reactiveImport', 'reactiveExport'] as const;
/** A phase's registers as a reading gives them, or as stored (null: not given). */
export type PhaseRegisters = { phase: number } & Partial<
  Record<(typeof METER_REGISTERS)[number], number | null>
>;

/**
 * Why `after` cannot follow `before` (the same meter's earlier reading), or undefined when it can: a register rose by
 * more than METER_MAX_POWER_W could pass in the time between them. Only a later reading is judged, a register that
 * fell is believed (a meter replaced, or set back), and so is one whose earlier value is unknown: 0, or
 * METER_NO_VALUE.
 */
export function impossibleRise(
  before: { at: string; phases: readonly PhaseRegisters[] },
  after: MeterReading,
): string | undefined {
  const seconds = (Date.parse(after.at) - Date.parse(before.at)) / 1000;
  if (!(seconds > 0)) return undefined;
  const most = (METER_MAX_POWER_W * (seconds + RISE_GRACE_S)) / 3600;
  for (const p of after.phases) {
    const earlier = before.phases.find((b) => b.phase === p.phase);
    for (const name of METER_REGISTERS) {
      const [from, to] = [earlier?.[name], p[name]];
      if (!from || from === METER_NO_VALUE || to === undefined || to === METER_NO_VALUE) continue;
      if (to - from > most) return `phase ${p.phase} ${name} rose ${to - from} in ${seconds} s`;
    }
  }
  return undefined;
}
