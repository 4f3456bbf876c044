import { lampFaultCode } from '@sl/domain/status';
import type { ModuleReading } from '@sl/protocol';
import type { LampModule } from '../city/build-city.ts';
import { jitter, type Rng } from '../rng.ts';

/** The twilight code a module reports: MID, the default method (spec §4), as the controller's default night. */
const DEFAULT_TWIL = 2;
/** What a module draws for itself, lit or not. */
const STANDBY_WATTS = 0.4;
const AMBIENT_C = 15;

export type Lamp = LampModule & {
  pwm: number;
  minPwm: number;
  maxPwm: number;
  radioChannel: number;
  radioPower: number;
  energy: number;
  runh: number;
  rssi: number;
  temp: number;
  pow: number;
  lit: boolean;
  broken: boolean;
  silent: boolean;
  /** a manual dim holds the level until this instant (ms), the program's next change */
  heldUntil?: number;
};

/** A lamp with some years of history behind it, drawn from the generator so a seed repeats it. */
export function newLamp(m: LampModule, r: Rng): Lamp {
  const runh = Math.round(r() * 20_000);
  return {
    ...m,
    pwm: 100,
    minPwm: 10,
    maxPwm: 100,
    radioChannel: 11,
    radioPower: 10,
    runh,
    energy: Math.round(runh * m.watts * 0.8),
    rssi: Math.round(-55 - r() * 40),
    temp: AMBIENT_C,
    pow: STANDBY_WATTS,
    lit: false,
    broken: false,
    silent: false,
  };
}

/** Percent of rated power: a level below the module's minimum runs at the minimum, and the limit scales it. */
export const output = (l: Lamp) => (l.pwm === 0 ? 0 : (Math.max(l.pwm, l.minPwm) * l.maxPwm) / 100);

/** Burns the lamp for `ms` (lit or not) and returns what it drew, in W. */
export function burn(l: Lamp, lit: boolean, ms: number, r: Rng): number {
  l.lit = lit;
  const out = lit ? output(l) : 0;
  l.pow = Math.max(0, jitter(r, STANDBY_WATTS + (l.watts * out) / 100, lit ? l.watts * 0.01 : 0.02));
  l.temp = jitter(r, AMBIENT_C + 0.25 * out, 0.3);
  l.energy += (l.pow * ms) / 3_600_000;
  if (lit) l.runh += ms / 3_600_000;
  return l.pow;
}

/** tan φ of an LED driver at power factor 0.95: what it draws in var per W */
const LAGGING_VAR_PER_W = 0.33;
/** below half output a driver's input filter outweighs its load: it gives var back */
const LEADING_VAR_PER_W = 0.25;

/**
 * The reactive power (var) the lamp's driver draws now, from its last burn: inductive (positive) at half output and
 * above, capacitive (negative) below it, none unlit. A meter's reactive import counts the one, its export the other.
 */
export function reactive(l: Lamp): number {
  if (!l.lit) return 0;
  return output(l) >= 50 ? l.pow * LAGGING_VAR_PER_W : -l.pow * LEADING_VAR_PER_W;
}

const clStatus = (l: Lamp, switchedOn: boolean) => (l.broken ? lampFaultCode(switchedOn) : l.lit ? 1 : 0);
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

/** The sunrise and sunset a module counts its twilight from, as it reports them (none where the sun stays). */
export const skyOf = (sky: { sunset: Date | null; sunrise: Date | null }) => ({
  ...(sky.sunrise && { rise: hhmm(sky.sunrise) }),
  ...(sky.sunset && { set: hhmm(sky.sunset) }),
});

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

/** `switchedOn`: the module powers its lamp (fed, phase on, a level above 0), whether or not it gives light. */
export function reading(l: Lamp, lux: number, at: string, r: Rng, switchedOn: boolean): ModuleReading {
  return {
    mac: l.mac,
    pwm: l.pwm,
    pow: round(l.pow, 1),
    lux: round(lux + (l.lit ? 8 : 0), 1),
    temp: round(l.temp, 1),
    energy: round(l.energy, 1),
    runh: round(l.runh, 2),
    lpwm: l.minPwm,
    cpwm: l.maxPwm,
    rssi: Math.round(jitter(r, l.rssi, 3)),
    twil: DEFAULT_TWIL,
    rfch: l.radioChannel,
    rfpwr: l.radioPower,
    // a weak module is heard through its neighbours
    level: l.rssi > -70 ? 1 : l.rssi > -85 ? 2 : 3,
    cl_status: clStatus(l, switchedOn),
    phase: l.phase,
    at,
  };
}
