import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CommandType } from '@sl/protocol';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { commandDevices, commands } from '../db/command.table.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { CommandGateway, CommandOutcome } from './command-gateway.ts';

/** One controller a command goes to; `modules` narrows a dim to those MACs (absent: all of its modules). */
export type Delivery = { controllerMac: string; modules?: string[] };
export type DeviceOutcome = Delivery & {
  state: 'acknowledged' | 'failed' | 'timed_out';
  code: number;
  result?: unknown;
};

const stateOf = (o: CommandOutcome): DeviceOutcome['state'] =>
  o.timedOut ? 'timed_out' : o.code === 0 ? 'acknowledged' : 'failed';

/**
 * Runs a command to one or many controllers and keeps its record: the command, then its state at every
 * controller (queued, sent, then acknowledged, failed with the controller's code, or timed out). Nothing is
 * reported done that its controller did not confirm.
 */
export class CommandService {
  constructor(
    private readonly db: Db,
    private readonly gateway: CommandGateway,
    private readonly hub?: LiveHub,
  ) {}

  async run(caller: Caller, type: CommandType, target: object, payload: object, deliveries: Delivery[]) {
    const [command] = await this.db
      .insert(commands)
      .values({ userId: caller.userId ?? 0, groupId: caller.groupId ?? null, type, target, payload })
      .returning({ id: commands.id });
    const commandId = command!.id;
    const rows = await this.db
      .insert(commandDevices)
      .values(
        deliveries.map((d) => ({
          commandId,
          controllerMac: d.controllerMac,
          modules: d.modules ?? null,
          state: 'queued',
        })),
      )
      .returning({ id: commandDevices.id });
    await this.db
      .update(commandDevices)
      .set({ state: 'sent', sentAt: new Date() })
      .where(eq(commandDevices.commandId, commandId));
    const progress = (devices: unknown) =>
      this.hub?.publish({
        type: 'command',
        groupId: caller.groupId ?? null,
        data: { commandId, type, target, devices },
      });
    await progress(deliveries.map((d) => ({ controllerMac: d.controllerMac, state: 'sent' })));
    const outcomes = await Promise.all(
      deliveries.map((d) =>
        this.gateway.send(d.controllerMac, type, d.modules ? { ...payload, macs: d.modules } : payload),
      ),
    );
    const answered = outcomes.map((o, i) => ({
      id: rows[i]!.id,
      state: stateOf(o),
      code: o.code,
      result: o.result ?? null,
    }));
    await this.db.execute(sql`
      update command_devices as d set state = v.state, code = v.code, result = v.result, answered_at = now()
      from jsonb_to_recordset(${JSON.stringify(answered)}::jsonb) as v(id bigint, state text, code int, result jsonb)
      where d.id = v.id`);
    await this.db.update(commands).set({ finishedAt: new Date() }).where(eq(commands.id, commandId));
    await progress(
      answered.map((a, i) => ({ controllerMac: deliveries[i]!.controllerMac, state: a.state, code: a.code })),
    );
    const devices: DeviceOutcome[] = deliveries.map((d, i) => ({
      ...d,
      state: answered[i]!.state,
      code: answered[i]!.code,
      result: answered[i]!.result ?? undefined,
    }));
    return { commandId, devices };
  }

  /** The archive, newest first, limited to the caller's group unless the caller sees every group. */
  async list(caller: Caller, skip: number, limit: number) {
    const where = caller.groupId === undefined ? undefined : eq(commands.groupId, caller.groupId);
    const data = await this.db
      .select()
      .from(commands)
      .where(where)
      .orderBy(desc(commands.id))
      .limit(limit)
      .offset(skip);
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(commands)
      .where(where);
    const devices = data.length
      ? await this.db
          .select()
          .from(commandDevices)
          .where(
            inArray(
              commandDevices.commandId,
              data.map((c) => c.id),
            ),
          )
      : [];
    return {
      total: total!.n,
      skip,
      limit,
      data: data.map((c) => ({ ...c, devices: devices.filter((d) => d.commandId === c.id) })),
    };
  }

  async get(caller: Caller, id: number) {
    const scope = caller.groupId === undefined ? undefined : eq(commands.groupId, caller.groupId);
    const [c] = await this.db
      .select()
      .from(commands)
      .where(and(eq(commands.id, id), scope));
    if (!c) return undefined;
    return {
      ...c,
      devices: await this.db.select().from(commandDevices).where(eq(commandDevices.commandId, id)),
    };
  }
}
