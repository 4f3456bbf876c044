import { localDay } from '@sl/domain/astro';
import {
  isDaylight,
  lampExpectation,
  ProgramCompiler,
  type LampExpectation,
  type ProgramTable,
} from '@sl/domain/lighting';
import type { Db } from '../db/connect.ts';
import type { Clock } from '../lighting/program-service.ts';
import { PROGRAM_SOURCES } from '../lighting/program-service.ts';
import { loadControllers, loadWorld } from '../lighting/program-source.ts';

/** What the programs ask of the lamps now: by lamp, and the controllers with a lamp asked each way. */
export type Expected = {
  of(mac: string): LampExpectation;
  /** controllers with a lamp its program asks to burn, and with one asked to be dark by day */
  onControllers: number[];
  darkControllers: number[];
};

type Place = { lat: number; lon: number; tz: string; key: string };
type Table = ProgramTable & { controller: number; place: Place };
type Loaded = { tables: Table[]; byMac: Map<string, Table>; firstDays: Map<string, string> };

/** how long the lamps and their programs are believed before they are read again, changes aside */
const READ_AGAIN_MS = 10 * 60_000;

/**
 * The state every lamp's program asks of it now, compiled as the controllers' programs are, in every server process
 * alike: day-burning and lamp-out events are then opened and solved against the same expectation wherever
 * detection runs. The lamps are read and compiled in the background (a million lamps take tens of seconds), again
 * when a program's source changes, at the next local day, and at least every ten minutes; detection goes on with
 * the last compiled meanwhile, and without these two types until the first is ready.
 */
export class LampExpectations {
  private loaded?: Loaded;
  private loading?: Promise<void>;
  private stale = true;
  private readAt = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** a lamp is left this long to follow its program's switch before it counts as wrong */
    readonly graceMs: number,
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  /** A registry entity was written: its lamps or rules are read again. */
  changed(entityName: string) {
    if (PROGRAM_SOURCES.has(entityName)) this.stale = true;
  }

  /** Controllers came online: perhaps ones written past the registry's services (commissioning, the demo). */
  online() {
    this.stale = true;
  }

  /** What is asked now, from the last compiled programs; undefined until the first are. */
  now(): Expected | undefined {
    const now = this.clock.now();
    const loaded = this.loaded;
    const dayMoved = loaded && [...loaded.firstDays].some(([tz, day]) => this.firstDay(now, tz) !== day);
    if (this.stale || dayMoved || Date.now() - this.readAt > READ_AGAIN_MS) this.reload();
    if (!loaded) return undefined;
    const asked = new Map<Table, LampExpectation>();
    // the sun once per place and instant, not once per controller
    const sun = new Map<string, boolean>();
    const daylightAt = (p: Place) => (at: Date) => {
      const key = `${p.key}|${at.getTime()}`;
      let up = sun.get(key);
      if (up === undefined) sun.set(key, (up = isDaylight(p, p.tz, at)));
      return up;
    };
    const on = new Set<number>();
    const dark = new Set<number>();
    for (const t of loaded.tables) {
      const wanted = lampExpectation(t.points, daylightAt(t.place), now, this.graceMs);
      asked.set(t, wanted);
      if (wanted === 'on') on.add(t.controller);
      if (wanted === 'dark') dark.add(t.controller);
    }
    return {
      of: (mac) => {
        const t = loaded.byMac.get(mac);
        return t && asked.get(t);
      },
      onControllers: [...on],
      darkControllers: [...dark],
    };
  }

  private reload() {
    if (this.loading) return;
    this.stale = false;
    this.readAt = Date.now();
    this.loading = this.load()
      .then((loaded) => void (this.loaded = loaded))
      .catch((err: unknown) => {
        this.stale = true;
        this.log.error({ err }, "the lamps' programs could not be read for detection");
      })
      .finally(() => (this.loading = undefined));
  }

  /** the night in progress started at the last local noon; the grace time before now must be in the table too */
  private firstDay(now: Date, tz: string) {
    return localDay(new Date(now.getTime() - 12 * 3_600_000 - this.graceMs), tz);
  }

  private async load(): Promise<Loaded> {
    const now = this.clock.now();
    const controllers = await loadControllers(this.db);
    const compilers = new Map<number | null, ProgramCompiler>();
    const loaded: Loaded = { tables: [], byMac: new Map(), firstDays: new Map() };
    for (const c of controllers) {
      if (!c.place || !c.lamps.length) continue;
      const { lat, lon, tz } = c.place;
      let compiler = compilers.get(c.group);
      if (!compiler)
        compilers.set(c.group, (compiler = new ProgramCompiler(await loadWorld(this.db, c.group))));
      const firstDay = this.firstDay(now, tz);
      loaded.firstDays.set(tz, firstDay);
      const place = { lat, lon, tz, key: `${lat},${lon},${tz}` };
      for (const table of compiler.compile(c.lamps, { lat, lon }, tz, firstDay).tables) {
        const t = { ...table, controller: c.id, place };
        loaded.tables.push(t);
        for (const mac of t.macs) loaded.byMac.set(mac, t);
      }
    }
    return loaded;
  }
}
