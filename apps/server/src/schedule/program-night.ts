import { addDays, zonedInstant } from '@sl/domain/astro';
import { ProgramCompiler, switchInstants } from '@sl/domain/lighting';
import type { Db } from '../db/connect.ts';
import { loadControllers, loadWorld } from '../lighting/program-source.ts';

/**
 * When a cabinet with no schedule row for a local night switches by its lighting program (issue 11): the
 * program compiled for that night, as it is sent, and its switch instants; undefined for a controller with no
 * lamps (it then burns dusk to dawn on MID, the controller's own default).
 */
export async function programNight(db: Db, controllerId: number, date: string, tz: string) {
  const [controller] = await loadControllers(db, [controllerId]);
  if (!controller?.place || !controller.lamps.length) return undefined;
  const compiler = new ProgramCompiler(await loadWorld(db, controller.group));
  const program = compiler.compile(controller.lamps, controller.place, controller.place.tz, date);
  return switchInstants(
    program,
    zonedInstant(date, '12:00', tz),
    zonedInstant(addDays(date, 1), '12:00', tz),
  );
}
