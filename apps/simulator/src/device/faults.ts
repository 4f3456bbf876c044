import { happens, type Rng } from '../rng.ts';
import type { IoState } from '@sl/protocol';
import type { Lamp } from './lamp.ts';

/** Expected events per device per day; meterGap is the chance per phase per meter reading. */
export type FaultRates = {
  moduleSilent: number;
  lampBroken: number;
  doorOpen: number;
  breakerTrip: number;
  controllerOffline: number;
  meterGap: number;
};

export const DEFAULT_FAULTS: FaultRates = {
  moduleSilent: 0.05,
  lampBroken: 0.002,
  doorOpen: 0.05,
  breakerTrip: 0.01,
  controllerOffline: 0.05,
  meterGap: 0.002,
};

export const NO_FAULTS: FaultRates = {
  moduleSilent: 0,
  lampBroken: 0,
  doorOpen: 0,
  breakerTrip: 0,
  controllerOffline: 0,
  meterGap: 0,
};

export type FaultPlan = { rates: FaultRates; /** mean time a passing fault lasts */ meanMs: number };

/**
 * Faults a test or an operator's demo holds on a cabinet until it lets them go: they neither clear nor start by
 * chance (the fault controls).
 */
export type HeldFaults = {
  silent: Set<string>;
  broken: Set<string>;
  door?: 'open' | 'closed';
  /** lamps stuck lit (true: a day burner) or dark (false: out at night), whatever their program says */
  stuck: Map<string, boolean>;
};

/** What faults change of a cabinet's devices (a CabinetDevice holds them). */
export type FaultedCabinet = {
  readonly lamps: Map<string, Lamp>;
  readonly held: HeldFaults;
  readonly io: IoState;
  meterGap: number;
};

export const noHeldFaults = (): HeldFaults => ({ silent: new Set(), broken: new Set(), stuck: new Map() });

/** Moves faults on by `ms`: passing ones (silence, door, breaker) clear, new ones start; a broken lamp stays broken. */
export function stepFaults(d: FaultedCabinet, r: Rng, plan: FaultPlan, ms: number): void {
  stepChance(d, r, plan, ms);
  applyHeld(d);
}

/** The held faults over whatever chance did. */
export function applyHeld(d: FaultedCabinet): void {
  for (const l of d.lamps.values()) {
    if (d.held.silent.has(l.mac)) l.silent = true;
    if (d.held.broken.has(l.mac)) l.broken = true;
  }
  if (d.held.door) d.io.door = d.held.door;
}

function stepChance(d: FaultedCabinet, r: Rng, plan: FaultPlan, ms: number): void {
  const { rates } = plan;
  const clears = () => r() < 1 - Math.exp(-ms / plan.meanMs);
  d.meterGap = rates.meterGap;
  for (const l of d.lamps.values()) {
    l.silent = l.silent ? !clears() : happens(r, rates.moduleSilent, ms);
    if (!l.broken && happens(r, rates.lampBroken, ms)) l.broken = true;
  }
  const open = d.io.door === 'open' ? !clears() : happens(r, rates.doorOpen, ms);
  d.io.door = open ? 'open' : 'closed';
  for (let p = 0; p < 3; p++)
    d.io.breakers[p] = d.io.breakers[p] ? !happens(r, rates.breakerTrip, ms) : clears();
}

/** How long the next passing fault lasts: exponential around the mean. */
export const faultDuration = (r: Rng, plan: FaultPlan) => -Math.log(1 - r()) * plan.meanMs;
