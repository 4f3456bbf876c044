import { setImmediate as nextTurn } from 'node:timers/promises';
import type { HourCurves } from './demo-nights.ts';

// The demo's lamps summed into classes for the history's statements (demo-history-sql.ts): lamps of one kind (one
// curve) and one place burn alike, so a meter phase's, a group's or a district's hour is a sum over a few classes.

export type Lamp = { mac: string; k: number; watts: number; serial: string; phase: number };
export type Placed = Lamp & {
  group: number;
  gc: number;
  profile: number;
  power: number | null;
  district: number | null;
};
export type Class = { k: number; n: number; w: number } & Record<string, unknown>;

/** Lamps summed into classes by `key` (besides their kind), with `more` summed as well. */
export function classesOf<T extends Lamp>(
  lamps: readonly T[],
  key: (l: T) => Record<string, unknown>,
  more: (l: T) => Record<string, number> = () => ({}),
): Class[] {
  const out = new Map<string, Class>();
  for (const l of lamps) {
    const fields = { k: l.k, ...key(l) };
    const id = JSON.stringify(fields);
    const c = out.get(id) ?? ({ ...fields, n: 0, w: 0 } as Class);
    c.n += 1;
    c.w += l.watts;
    for (const [f, v] of Object.entries(more(l))) c[f] = ((c[f] as number | undefined) ?? 0) + v;
    out.set(id, c);
  }
  return [...out.values()];
}

/**
 * The classes of every statement: meter phases, the group, districts (each cabinet's controller once), savings.
 * Each sum is a pass over every lamp: the server answers requests between them (a fresh start writes this history
 * while the first operators sign in).
 */
export async function historyClasses(at: readonly Placed[]) {
  const inDistrict = at.filter((l) => l.district !== null);
  const districts = classesOf(inDistrict, (l) => ({ district: l.district, group: l.group }));
  const cabinets = new Map<number, Set<string>>();
  for (const l of inDistrict)
    cabinets.set(l.district!, (cabinets.get(l.district!) ?? new Set()).add(l.serial));
  for (const c of districts) {
    const d = c.district as number;
    c.ctl = cabinets.get(d)?.size ?? 0;
    cabinets.delete(d);
  }
  await nextTurn();
  const meters = classesOf(at, (l) => ({ serial: l.serial, phase: l.phase }));
  await nextTurn();
  const groups = classesOf(at, (l) => ({ group: l.group }));
  await nextTurn();
  const saved = classesOf(
    at,
    (l) => ({ group: l.group, gc: l.gc, profile: l.profile }),
    (l) => (l.power && l.power > 0 ? { np: 1, wp: l.watts, pp: l.power } : { np: 0, wp: 0, pp: 0 }),
  );
  return { cabinets: new Set(at.map((l) => l.serial)).size, meters, groups, districts, saved };
}

/** kind × hour values from `from` to `to` as a PostgreSQL array literal */
export const matrix = (rows: number[][], from: number, to: number) =>
  `{${rows.map((r) => `{${r.slice(from, to).join(',')}}`).join(',')}}`;

/** Per UTC day, each kind's 24 hours (null outside the range), as module_days holds them. */
export function kindDays(c: HourCurves) {
  const first = c.start.getTime();
  const out: { k: number; day: string; lit: (number | null)[]; lvl: (number | null)[] }[][] = [];
  for (
    let d = Math.floor(first / 86_400_000) * 86_400_000;
    d < first + c.hours * 3_600_000;
    d += 86_400_000
  ) {
    const index = (i: number) => (d - first) / 3_600_000 + i;
    const of = (rows: number[]) =>
      Array.from({ length: 24 }, (_, i) => (index(i) >= 0 && index(i) < c.hours ? rows[index(i)]! : null));
    const day = new Date(d).toISOString().slice(0, 10);
    out.push(c.lit.map((lit, k) => ({ k, day, lit: of(lit), lvl: of(c.lvl[k]!) })));
  }
  return out;
}
