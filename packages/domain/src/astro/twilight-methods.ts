import { TWILIGHT_METHODS } from '../status.ts';

export type TwilightMethod = (typeof TWILIGHT_METHODS)[number];

/**
 * The sun altitude (degrees, the centre of the disc, no refraction) at which each twilight method of spec §4
 * switches lamps on in the evening and off in the morning. BORDERS is the almanac's sunset and sunrise: the upper
 * limb on the horizon with standard refraction, which puts the centre at −0.833°.
 */
export const TWILIGHT_ALTITUDE: Readonly<Record<TwilightMethod, number>> = {
  BORDERS: -0.833,
  SIMPLE: 0,
  MID: -3,
  CIVIL: -6,
  NAUTICAL: -12,
  END: -18,
};

/** A speed variant's code is the method's code + 128 (131 = CIVIL, speed). */
const SPEED_OFFSET = 128;
/** A normal switch fades linearly over this many minutes centred on the instant; a speed switch is a step. */
export const TWILIGHT_FADE_MINUTES = 10;

export type Twilight = { method: TwilightMethod; speed: boolean };

/** The twilight a spec §4 code names (0..5, or 128..133 for the speed variants); undefined for any other code. */
export function twilightOfCode(code: number): Twilight | undefined {
  if (!Number.isInteger(code)) return undefined;
  const speed = code > 100;
  const method = TWILIGHT_METHODS[speed ? code - SPEED_OFFSET : code];
  return method ? { method, speed } : undefined;
}

export const codeOfTwilight = (t: Twilight): number =>
  TWILIGHT_METHODS.indexOf(t.method) + (t.speed ? SPEED_OFFSET : 0);

/** Every valid twilight code, for declarations and validation. */
export const TWILIGHT_CODES: readonly number[] = TWILIGHT_METHODS.flatMap((m) => [
  codeOfTwilight({ method: m, speed: false }),
  codeOfTwilight({ method: m, speed: true }),
]).sort((a, b) => a - b);

/**
 * Where a method's altitude is not reached on a night (the sun stays above it), the nearest shallower method
 * that is reached is used instead, down to BORDERS: a night on which the sun does not even set is polar day, and
 * SIMPLE (0°, above BORDERS) is no fallback for the others.
 */
export function fallbacksOf(method: TwilightMethod): TwilightMethod[] {
  const own = TWILIGHT_ALTITUDE[method];
  return TWILIGHT_METHODS.filter(
    (m) => m !== 'SIMPLE' && TWILIGHT_ALTITUDE[m] > own && TWILIGHT_ALTITUDE[m] <= TWILIGHT_ALTITUDE.BORDERS,
  ).sort((a, b) => TWILIGHT_ALTITUDE[a] - TWILIGHT_ALTITUDE[b]);
}
