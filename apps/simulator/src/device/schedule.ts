import type { CommandPayload } from '@sl/protocol';

type Night = { from: number; to: number; on: number; off: number };

/**
 * The power schedule a cabinet controller acknowledged (issue 12), run with no server: within a night's stretch
 * the lamps burn from its `on` to its `off`; outside every stretch the schedule says nothing.
 */
export class RunningSchedule {
  readonly version: string;
  /** per phase, the contactor output that lights the lamps */
  readonly lit: [boolean, boolean, boolean];
  private readonly nights: Night[];

  constructor(payload: CommandPayload<'schedule'>) {
    this.version = payload.version;
    this.lit = payload.lit;
    this.nights = payload.nights.map((n) => ({
      from: Date.parse(n.from),
      to: Date.parse(n.to),
      on: Date.parse(n.on),
      off: Date.parse(n.off),
    }));
  }

  /** Whether the lamps burn now by the schedule, or undefined when no row stands for now. */
  burning(now: Date): boolean | undefined {
    const t = now.getTime();
    const night = this.nights.find((n) => t >= n.from && t < n.to);
    return night && t >= night.on && t < night.off;
  }
}
