import {
  controlAnswerError,
  entity,
  errorMessage,
  OPEN_WORK_ORDER_STATUSES,
  type Language,
} from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { CommandService } from '../field/command.service.ts';
import { byController } from '../field/control-targets.ts';
import type { Raw } from '../field/offline-sweep.ts';
import { ApiError } from '../http/api-error.ts';
import type { Clock } from '../lighting/program-service.ts';
import { programLevels } from '../lighting/program-levels.ts';
import { modulesOfOrders, refsOf, type OrderModule, type OrderRefs } from './order-devices.ts';

const ORDERS = entity('WorkOrders');
/** how long a test switch holds the lamps at full power before they go back to their program */
export const TEST_SWITCH_MS = 2 * 60_000;
const FULL = 100;

// The pending returns live in the command archive: a test switch's command names in its target when its lamps go
// back (`returnAt`), and the return marks it (`returnedAt`) in one conditional update, so that whichever server
// process claims it first returns it, once, and a restart in between does not forget it.
const DUE = `
  select id, user_id, group_id, target from commands
  where type = 'dim' and created_at > now() - interval '1 day'
    and target->>'returnAt' is not null and target->>'returnedAt' is null
    and (target->>'returnAt')::timestamptz <= $1::timestamptz
  order by id`;
const CLAIM = `
  update commands set target = target || jsonb_build_object('returnedAt', $2::text)
  where id = $1 and target->>'returnedAt' is null returning id`;

type Log = { error(obj: object, msg: string): void };
type TestTarget = { ids: number[]; workOrder: number };

const noModules = (modules: number[]): OrderRefs => ({
  modules,
  supports: [],
  luminaries: [],
  cabinets: [],
  events: [],
});

function deliveriesOf(modules: OrderModule[]) {
  const withMac = modules.map((m) => ({ mac: m.mac, controllerMac: m.controllerMac }));
  return [...byController(withMac)].map(([controllerMac, macs]) => ({ controllerMac, modules: macs }));
}

/**
 * A crew's test of a work order's lamps (issue 32): its lamp modules dimmed to 100 % for two minutes by the
 * server's clock, then each back to the level its program asks at that moment.
 */
export class TestSwitches {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly raw: Raw,
    private readonly db: Db,
    private readonly service: EntityService,
    private readonly commands: CommandService,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  start(periodMs: number) {
    this.timer = setInterval(
      () => void this.returnDue().catch((err: unknown) => this.log.error({ err }, 'test switch returns')),
      periodMs,
    );
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Dims the order's lamps (in the caller's scope: their crews' orders) to 100 %; the answer is the field's. */
  async testSwitch(caller: Caller, orderId: number, lang: Language) {
    const order = await this.service.get(ORDERS, caller, orderId);
    if (!(OPEN_WORK_ORDER_STATUSES as readonly unknown[]).includes(order.status))
      throw new ApiError('IsInvalidError', ['status']);
    const modules = await modulesOfOrders(this.raw, caller.groupId, [refsOf(order)]);
    if (!modules.length) throw new ApiError('NotFoundError', ['modules']);
    const reachable = modules.filter((m) => m.controllerMac);
    if (!reachable.length) throw new ApiError('ControllerNotSet');
    const returnAt = new Date(this.clock.now().getTime() + TEST_SWITCH_MS);
    const target = {
      by: 'ids',
      ids: reachable.map((m) => m._id),
      workOrder: order._id,
      returnAt: returnAt.toISOString(),
    };
    const run = await this.commands.run(caller, 'dim', target, { pwm: FULL }, deliveriesOf(reachable));
    const outcome = new Map(run.devices.map((d) => [d.controllerMac, d]));
    const code = run.devices.find((d) => d.code !== 0)?.code ?? 0;
    const failure = controlAnswerError(code, 'dim');
    return {
      commandId: run.commandId,
      code,
      msg: failure ? errorMessage(failure, lang) : '',
      // nothing is called confirmed that a controller did not acknowledge
      confirmed: run.devices.every((d) => d.state === 'acknowledged' && d.code === 0),
      level: FULL,
      returnAt: returnAt.toISOString(),
      modules: reachable.map((m) => ({
        _id: m._id,
        mac: m.mac,
        state: outcome.get(m.controllerMac!)?.state ?? 'failed',
      })),
      withoutController: modules.filter((m) => !m.controllerMac).map((m) => m._id),
    };
  }

  /** Sends the lamps of every test switch whose two minutes are over back to their program; how many. */
  returnDue(): Promise<number> {
    this.running ??= this.returnAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async returnAll(): Promise<number> {
    const now = this.clock.now();
    const { rows } = await this.raw.query(DUE, [now.toISOString()]);
    let returned = 0;
    for (const row of rows) {
      const claimed = await this.raw.query(CLAIM, [row.id, now.toISOString()]);
      if (!claimed.rows.length) continue;
      returned += 1;
      await this.backToProgram(row, now).catch((err: unknown) =>
        this.log.error({ err, command: row.id }, 'lamps not sent back to their program after a test switch'),
      );
    }
    return returned;
  }

  private async backToProgram(row: Record<string, unknown>, now: Date) {
    const target = row.target as TestTarget;
    const modules = (await modulesOfOrders(this.raw, undefined, [noModules(target.ids)])).filter(
      (m) => m.controllerMac,
    );
    const levels = await programLevels(
      this.db,
      modules.map((m) => m.controller!),
      now,
    );
    const caller: Caller = {
      userId: Number(row.user_id),
      ...(row.group_id != null && { groupId: Number(row.group_id) }),
      allows: () => true,
    };
    // one command per level; a lamp with no program here stays at full power, as its controller burns it anyway
    const byLevel = new Map<number, OrderModule[]>();
    for (const m of modules) {
      const level = levels.get(m.mac);
      if (level !== undefined) byLevel.set(level, [...(byLevel.get(level) ?? []), m]);
    }
    for (const [level, atLevel] of byLevel) {
      const back = {
        by: 'ids',
        ids: atLevel.map((m) => m._id),
        workOrder: target.workOrder,
        returnOf: Number(row.id),
      };
      await this.commands.run(caller, 'dim', back, { pwm: level }, deliveriesOf(atLevel));
    }
  }
}
