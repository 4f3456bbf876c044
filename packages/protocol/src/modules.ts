import { z } from 'zod';
import { MODULE_REPORTED_CODES } from '@sl/domain/status';
import { decode, describeIssues, encode, type Decoded } from './codec.ts';
import { fieldInstant } from './bounds.ts';
import { deviceMac } from './topics.ts';

export const MODULE_BATCH_MAX = 200;

const percent = z.number().int().min(0).max(100);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const phase = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/**
 * One lamp module's reading. Units: pwm, lpwm, cpwm in percent; pow in W; lux in lx; temp in °C; energy in Wh
 * since installation; runh in burning hours; rssi in dBm. lpwm is the module's minimum PWM and cpwm its maximum
 * PWM limit coefficient (the `params` command sets both). pwm is the level the module holds, lit or not; whether
 * it is lit shows in cl_status (spec §4: 1 on; 0, 2, 5 off; 4, 4096, 4097 broken). twil is the twilight type it follows (spec §4).
 * Radio data a module may add (spec §3 raw module data): rfch its radio channel, rfpwr its radio power in dBm,
 * nid the radio network it is in, level its hops from the controller in that mesh (1: heard directly), rise and set
 * the sunrise and sunset (HH:MM, UTC) of the night it counts its twilight from.
 */
export const moduleReading = z.object({
  mac: deviceMac,
  pwm: percent,
  pow: z.number().min(0).max(10_000),
  lux: z.number().min(0).max(200_000),
  temp: z.number().min(-60).max(150),
  energy: z.number().min(0).max(1e12),
  runh: z.number().min(0).max(1e7),
  lpwm: percent,
  cpwm: percent,
  rssi: z.number().int().min(-150).max(0),
  twil: z.number().int().min(0).max(255),
  cl_status: z.literal(MODULE_REPORTED_CODES),
  phase,
  at: fieldInstant,
  rfch: z.number().int().min(0).max(15).optional(),
  rfpwr: z.number().int().min(0).max(14).optional(),
  nid: z.number().int().min(0).max(65_535).optional(),
  level: z.number().int().min(1).max(15).optional(),
  rise: hhmm.optional(),
  set: hhmm.optional(),
});
export type ModuleReading = z.infer<typeof moduleReading>;

/** `sl/v1/{mac}/modules`: the readings of some of a controller's modules; a silent module is simply absent. */
export const moduleBatch = z.object({
  at: fieldInstant,
  modules: z.array(moduleReading).min(1).max(MODULE_BATCH_MAX),
});
export type ModuleBatch = z.infer<typeof moduleBatch>;

export const encodeModuleBatch = (b: z.input<typeof moduleBatch>) => encode(moduleBatch, b);
export const decodeModuleBatch = (raw: Uint8Array | string) => decode(moduleBatch, raw);

/** A batch whose envelope was read, with the readings that passed and why each other one did not. */
export type ModuleBatchReadings = { at: string; modules: ModuleReading[]; refused: string[] };

const batchEnvelope = z.object({
  at: fieldInstant,
  modules: z.array(z.unknown()).min(1).max(MODULE_BATCH_MAX),
});

/**
 * A batch read reading by reading: each module's reading is its own module's truth, so one that breaks the schema
 * is refused alone and the others of its batch are kept. A payload whose envelope is unreadable is refused whole.
 */
export function decodeModuleReadings(raw: Uint8Array | string): Decoded<ModuleBatchReadings> {
  const envelope = decode(batchEnvelope, raw);
  if (!envelope.ok) return envelope;
  const modules: ModuleReading[] = [];
  const refused: string[] = [];
  envelope.value.modules.forEach((m, i) => {
    const r = moduleReading.safeParse(m);
    if (r.success) modules.push(r.data);
    else refused.push(`modules.${i}: ${describeIssues(r.error)}`);
  });
  return { ok: true, value: { at: envelope.value.at, modules, refused } };
}
