import { localDay } from '@sl/domain/astro';
import { levelAt, ProgramCompiler } from '@sl/domain/lighting';
import type { Db } from '../db/connect.ts';
import { loadControllers, loadWorld } from './program-source.ts';

/**
 * The level each lamp of these controllers is to burn at `now` by its program, by module MAC: compiled as
 * ProgramService compiles the table it sends (the night in progress from the last local noon), its points rounded
 * as they are sent and read as the controller reads them (simulator's RunningProgram). A lamp of a controller with
 * no city has no program here: its controller burns it dusk to dawn by itself.
 */
export async function programLevels(
  db: Db,
  controllerIds: number[],
  now: Date,
): Promise<Map<string, number>> {
  const levels = new Map<string, number>();
  if (!controllerIds.length) return levels;
  const compilers = new Map<number | null, ProgramCompiler>();
  for (const c of await loadControllers(db, [...new Set(controllerIds)])) {
    if (!c.place || !c.lamps.length) continue;
    let compiler = compilers.get(c.group);
    if (!compiler) compilers.set(c.group, (compiler = new ProgramCompiler(await loadWorld(db, c.group))));
    const { lat, lon, tz } = c.place;
    const firstDay = localDay(new Date(now.getTime() - 12 * 3_600_000), tz);
    const program = compiler.compile(c.lamps, { lat, lon }, tz, firstDay);
    if (now < program.from || now >= program.to) continue;
    for (const table of program.tables) {
      const sent = table.points.map((p) => ({ at: p.at, level: Math.round(p.level) }));
      const level = Math.round(levelAt(sent, now));
      for (const mac of table.macs) levels.set(mac, level);
    }
  }
  return levels;
}
