import { addDays } from '../astro/local-time.ts';
import { sunNight, type Place, type SunNight } from '../astro/sun-night.ts';
import {
  chooseProgram,
  type ChoiceContext,
  type DayCategory,
  type DayType,
  type LampFacts,
} from './program-choice.ts';
import { withinLevelRange, type LevelRange } from './level-range.ts';
import { profileNight, type LevelPoint, type ProfileNight, type ProfileProgram } from './profile-night.ts';

/**
 * A controller's switching table for the coming nights (issue 11 §4): its lamps grouped by the program they share,
 * each group with the level points of every night in order (UTC instants; linear between points, two points at
 * one instant a step, 0 outside the nights). The field runs it with no server.
 */
export type ProgramTable = { macs: string[]; points: LevelPoint[] };
export type ControllerProgram = { from: Date; to: Date; tables: ProgramTable[] };

/** a lamp: its MAC, what the rules ask about it, and the levels its driver can burn at (none: 0–100 %) */
export type ProgramLamp = { mac: string; facts: LampFacts; range?: LevelRange };
/** What a group's programs are made of: its politics (ordered), profiles and group controls, and its days. */
export type ProgramWorld = Omit<ChoiceContext, 'dayType' | 'category'> & {
  profiles: ReadonlyMap<number, ProfileProgram>;
  /** each local day's type and category, for the days compiled */
  dayOf(day: string): { dayType: DayType; category?: DayCategory | null };
};

/** Lamps with no program (or whose profile is gone) burn from dusk to dawn at full power on the default method. */
const NO_PROGRAM: ProfileProgram = { kind: 'onOff', settings: { pwm0: 100 } };
export const PROGRAM_DAYS = 7;

/** The night of a chosen profile (by id; null: none), with a category's twilight code in place of its own. */
export function chosenNight(
  profiles: ReadonlyMap<number, ProfileProgram>,
  choice: { profile: number | null; twil?: number },
  place: Place,
  day: string,
  tz: string,
  sun?: SunNight,
): ProfileNight {
  const profile = (choice.profile != null && profiles.get(choice.profile)) || NO_PROGRAM;
  const program =
    choice.twil === undefined
      ? profile
      : { ...profile, settings: { ...profile.settings, twil: choice.twil } };
  return profileNight(program, place, day, tz, sun);
}

/**
 * Compiles the programs of many controllers of one group. Lamps that answer every rule alike are chosen once,
 * and each night of a profile is computed once per place: a city of a million lamps costs a few thousand choices.
 */
export class ProgramCompiler {
  private readonly suns = new Map<string, SunNight>();
  private readonly nights = new Map<string, LevelPoint[]>();
  private readonly programs = new Map<string, { key: string; points: LevelPoint[] }>();
  private readonly ranged = new Map<string, { key: string; points: LevelPoint[] }>();

  constructor(private readonly world: ProgramWorld) {}

  /** The table of one controller's lamps for PROGRAM_DAYS local nights from `firstDay`, at its place. */
  compile(lamps: readonly ProgramLamp[], place: Place, tz: string, firstDay: string): ControllerProgram {
    const days = Array.from({ length: PROGRAM_DAYS }, (_, i) => addDays(firstDay, i));
    const groups = new Map<string, ProgramTable>();
    for (const lamp of lamps) {
      const program = this.held(this.programOf(lamp.facts, place, tz, days), lamp.range);
      const table = groups.get(program.key);
      if (table) table.macs.push(lamp.mac);
      else groups.set(program.key, { macs: [lamp.mac], points: program.points });
    }
    const first = this.sun(place, days[0]!, tz);
    const last = this.sun(place, days[days.length - 1]!, tz);
    return { from: first.noon, to: last.nextNoon, tables: [...groups.values()] };
  }

  private programOf(facts: LampFacts, place: Place, tz: string, days: string[]) {
    const where = `${place.lat},${place.lon},${tz},${days[0]}`;
    const id = `${where}|${facts.city}|${facts.luminaryModel}|${facts.roadClass}|${facts.supportCategory}|${facts.supportType}|${facts.groupControl}|${facts.ownProfile}`;
    const known = this.programs.get(id);
    if (known) return known;
    const choices = days.map((day) => chooseProgram(facts, { ...this.world, ...this.world.dayOf(day) }));
    const key = `${where}|${choices.map((c) => `${c.profile}:${c.twil ?? ''}`).join(',')}`;
    const points = choices.flatMap((c, i) => this.night(c.profile, c.twil, place, tz, days[i]!));
    const program = { key, points };
    this.programs.set(id, program);
    return program;
  }

  /** A program as a lamp of this range burns it: one table for the lamps of one range. */
  private held(program: { key: string; points: LevelPoint[] }, range: LevelRange | undefined) {
    if (!range) return program;
    const key = `${program.key}|${range.min}-${range.max}`;
    let held = this.ranged.get(key);
    if (!held) this.ranged.set(key, (held = { key, points: withinLevelRange(program.points, range) }));
    return held;
  }

  private night(profileId: number | null, twil: number | undefined, place: Place, tz: string, day: string) {
    const key = `${profileId}|${twil ?? ''}|${place.lat},${place.lon}|${tz}|${day}`;
    let points = this.nights.get(key);
    if (!points) {
      const profile = (profileId != null && this.world.profiles.get(profileId)) || NO_PROGRAM;
      const program = twil === undefined ? profile : { ...profile, settings: { ...profile.settings, twil } };
      points = profileNight(program, place, day, tz, this.sun(place, day, tz)).points;
      this.nights.set(key, points);
    }
    return points;
  }

  private sun(place: Place, day: string, tz: string): SunNight {
    const key = `${place.lat},${place.lon}|${tz}|${day}`;
    let sun = this.suns.get(key);
    if (!sun) this.suns.set(key, (sun = sunNight(place, day, tz)));
    return sun;
  }
}
