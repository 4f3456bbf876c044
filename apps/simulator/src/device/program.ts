import { sunNightFrom, type Place } from '@sl/domain/astro';
import { levelAt, nextChange, type LevelPoint } from '@sl/domain/lighting';
import type { CommandPayload } from '@sl/protocol';

/**
 * The lighting program a controller acknowledged, run with no server (issue 11 §4): each lamp follows its table's
 * level between `from` and `to`. Outside them, or before any program came, the controller burns its lamps from
 * dusk to dawn on the default method (MID, the sun 3° below the horizon), by the same astronomical clock as the
 * server.
 */
export class RunningProgram {
  readonly version: string;
  private readonly from: number;
  private readonly to: number;
  private readonly curves = new Map<string, LevelPoint[]>();

  constructor(payload: CommandPayload<'program'>) {
    this.version = payload.version;
    this.from = Date.parse(payload.from);
    this.to = Date.parse(payload.to);
    for (const t of payload.tables) {
      const points = t.points.map((p) => ({ at: new Date(p.at), level: p.level }));
      for (const mac of t.macs) this.curves.set(mac, points);
    }
  }

  get macs() {
    return [...this.curves.keys()];
  }

  covers(now: Date) {
    return now.getTime() >= this.from && now.getTime() < this.to;
  }

  /** The lamp's level now, or undefined when the program says nothing of it. */
  levelOf(mac: string, now: Date): number | undefined {
    const points = this.curves.get(mac);
    return points && this.covers(now) ? Math.round(levelAt(points, now)) : undefined;
  }

  /** When the lamp's program next changes its level (a manual dim holds until then). */
  nextChangeOf(mac: string, now: Date): Date | undefined {
    const points = this.curves.get(mac);
    return points && nextChange(points, now)?.at;
  }
}

const HOUR = 3_600_000;

/** Dusk to dawn on MID, for a controller with no program in force; one sun computation per night. */
export class DefaultNight {
  private night?: {
    noon: number;
    nextNoon: number;
    on: number | null;
    off: number | null;
    all: boolean;
    sunset: Date | null;
    sunrise: Date | null;
  };

  constructor(private readonly place: Place) {}

  burning(now: Date): boolean {
    const n = this.nightOf(now);
    const t = now.getTime();
    if (n.all) return true;
    if (n.on === null) return false;
    return t >= n.on && t < (n.off ?? n.nextNoon);
  }

  /** The almanac's sunset and sunrise of the night in progress (null where the sun does not set or rise). */
  sun(now: Date): { sunset: Date | null; sunrise: Date | null } {
    const { sunset, sunrise } = this.nightOf(now);
    return { sunset, sunrise };
  }

  private nightOf(now: Date) {
    const t = now.getTime();
    if (!this.night || t < this.night.noon || t >= this.night.nextNoon) {
      // the night in progress began at the last solar noon: the first after 36 h ago, or the one after it
      const sun = sunNightFrom(this.place, new Date(t - 36 * HOUR));
      const night =
        sun.nextNoon.getTime() <= t ? sunNightFrom(this.place, new Date(sun.nextNoon.getTime() - HOUR)) : sun;
      const mid = night.methods.MID;
      this.night = {
        noon: night.noon.getTime(),
        nextNoon: night.nextNoon.getTime(),
        on: mid.on?.getTime() ?? null,
        off: mid.off?.getTime() ?? null,
        all: mid.burn === 'all',
        sunset: night.sunset,
        sunrise: night.sunrise,
      };
    }
    return this.night;
  }
}
