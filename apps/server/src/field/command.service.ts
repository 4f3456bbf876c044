import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DISCONNECTED_ANSWER } from '@sl/domain';
import type { CommandType } from '@sl/protocol';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { commandDevices, commands } from '../db/command.table.ts';
import { tables } from '../db/tables.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { CommandOutcome, CommandSender } from './command-gateway.ts';

/** One controller a command goes to; `modules` narrows a dim to those MACs (absent: all of its modules). */
/** One controller's part of a command: the modules it is to act on, or a payload of its own (its program). */
export type Delivery = { controllerMac: string; modules?: string[]; payload?: object };
export type DeviceOutcome = Delivery & {
  state: 'acknowledged' | 'failed' | 'timed_out' | 'disconnected';
  code: number;
  result?: unknown;
};

const Controllers = tables.Controllers!;
const PROGRESS_PART = 50;
const DEVICE_ROWS_AT_ONCE = 5000;
/** under Mosquitto's default 1,000 messages queued for one client */
const IN_FLIGHT = 500;

const numberOrNull = (v: unknown) => (v == null ? null : Number(v));

const stateOf = (o: CommandOutcome): DeviceOutcome['state'] =>
  o.timedOut ? 'timed_out' : o.code === 0 ? 'acknowledged' : 'failed';

type Log = { error(obj: object, msg: string): void };
type Answer = { id: number; state: DeviceOutcome['state']; code: number; result: unknown };

/**
 * Runs a command to one or many controllers and keeps its record: the command, then its state at every
 * controller: queued, sent, then acknowledged, failed with the controller's code, timed out, or expired. Nothing
 * is reported done that its controller did not confirm.
 *
 * Expired means no server process is waiting for the answer any more: a process waits at most the command timeout
 * and then records the outcome, so a row still queued or sent well past that was left by a process that stopped
 * (crashed or restarted) in between. Every process sweeps such rows at start and then periodically; all processes
 * on one database are expected to share the command timeout.
 */
export class CommandService {
  private announcing = Promise.resolve();
  private sweeper?: NodeJS.Timeout;
  private readonly expireAfterMs: number;

  constructor(
    private readonly db: Db,
    private readonly gateway: CommandSender,
    private readonly hub?: LiveHub,
    private readonly opts: { timeoutMs: number; log?: Log } = { timeoutMs: 5000 },
  ) {
    // room for the outcome's own write after the timeout, on a busy database
    this.expireAfterMs = 2 * opts.timeoutMs + 5000;
    gateway.onStray = (mac, ref, reply) =>
      void this.recordStray(mac, ref, reply).catch((err: unknown) =>
        this.opts.log?.error({ err }, 'answer to another process’s command not recorded'),
      );
  }

  /**
   * An answer to a command this process did not send (every process hears every reply), or no longer waits for:
   * recorded when its device row, named by the reference the command carried, is of the controller it came from and
   * still open, or was expired by a sweep (its sender stopped). A row its sender already closed stays as it is.
   */
  private async recordStray(controllerMac: string, ref: string, reply: { code: number; result?: unknown }) {
    const row = /^d(\d{1,15})$/.exec(ref)?.[1];
    if (!row) return;
    const state = reply.code === 0 ? 'acknowledged' : 'failed';
    const result = await this.db.execute(sql`
      with answered as (
        update command_devices as d set state = ${state}, code = ${reply.code},
          result = ${JSON.stringify(reply.result ?? null)}::jsonb, answered_at = now()
        from commands as c
        where d.id = ${Number(row)} and d.controller_mac = ${controllerMac} and c.id = d.command_id
          and d.state in ('queued', 'sent', 'expired')
        returning d.id, d.command_id, c.group_id, c.type, c.target),
      finished as (
        update commands as c set finished_at = coalesce(c.finished_at, now())
        where c.id in (select command_id from answered)
          and not exists (
            select 1 from command_devices d where d.command_id = c.id and d.state in ('queued', 'sent')
              and d.id not in (select id from answered)))
      select command_id, group_id, type, target from answered`);
    const found = ((result as { rows?: Record<string, unknown>[] }).rows ?? [])[0];
    if (!found) return;
    this.progress(
      {
        commandId: Number(found.command_id),
        type: found.type as string,
        target: found.target,
        groupId: numberOrNull(found.group_id),
      },
      [{ controllerMac, state, code: reply.code }],
    );
  }

  /** Expires what earlier processes left open, now and from time to time. */
  async start() {
    await this.expireAbandoned();
    this.sweeper = setInterval(
      () =>
        void this.expireAbandoned().catch((err: unknown) => this.opts.log?.error({ err }, 'command sweep')),
      Math.max(1000, this.opts.timeoutMs),
    );
    this.sweeper.unref();
  }

  async stop() {
    clearInterval(this.sweeper);
    await this.announcing;
  }

  /** Rows queued or sent long past any process's wait become expired; returns how many. */
  async expireAbandoned(): Promise<number> {
    // one statement, so nobody reads a command whose devices expired but which is not yet finished; the second
    // update sees the table as it was, so the devices being expired are left out of its check
    const result = await this.db.execute(sql`
      with expired as (
        update command_devices as d set state = 'expired', answered_at = now()
        from commands as c
        where c.id = d.command_id and d.state in ('queued', 'sent')
          and coalesce(d.sent_at, c.created_at) < now() - make_interval(secs => ${this.expireAfterMs / 1000})
        returning d.id, d.command_id, d.controller_mac, c.group_id, c.type, c.target),
      finished as (
        update commands as c set finished_at = now()
        where c.id in (select command_id from expired) and c.finished_at is null
          and not exists (
            select 1 from command_devices d
            where d.command_id = c.id and d.state in ('queued', 'sent') and d.id not in (select id from expired)))
      select command_id, controller_mac, group_id, type, target from expired`);
    const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
    if (!rows.length) return 0;
    const ids = [...new Set(rows.map((r) => Number(r.command_id)))];
    for (const id of ids) {
      const mine = rows.filter((r) => Number(r.command_id) === id);
      const first = mine[0]!;
      this.progress(
        {
          commandId: id,
          type: first.type as string,
          target: first.target,
          groupId: numberOrNull(first.group_id),
        },
        mine.map((r) => ({ controllerMac: r.controller_mac, state: 'expired' })),
      );
    }
    return rows.length;
  }

  /**
   * Command progress to the live streams, in parts (one notification between server processes carries at most
   * 8000 bytes). Queued in order, and never awaited by the command itself: a busy stream must not delay the field.
   */
  private progress(
    c: { commandId: number; type: string; target: unknown; groupId: number | null },
    devices: unknown[],
  ) {
    const hub = this.hub;
    if (!hub) return;
    for (let i = 0; i < devices.length; i += PROGRESS_PART) {
      const event = {
        type: 'command' as const,
        groupId: c.groupId,
        data: {
          commandId: c.commandId,
          type: c.type,
          target: c.target,
          devices: devices.slice(i, i + PROGRESS_PART),
        },
      };
      this.announcing = this.announcing
        .then(() => hub.publish(event))
        .catch((err: unknown) => this.opts.log?.error({ err }, 'command progress not announced'));
    }
  }

  async run(caller: Caller, type: CommandType, target: object, payload: object, deliveries: Delivery[]) {
    const offline = await this.knownOffline(deliveries.map((d) => d.controllerMac));
    // the command and its devices are written together: a reader never sees a command with none
    const { commandId, rows } = await this.db.transaction(async (tx) => {
      const [command] = await tx
        .insert(commands)
        .values({ userId: caller.userId ?? 0, groupId: caller.groupId ?? null, type, target, payload })
        .returning({ id: commands.id });
      const inserted: { id: number }[] = [];
      // within the statement's 65,535 parameters
      for (let i = 0; i < deliveries.length; i += DEVICE_ROWS_AT_ONCE)
        inserted.push(
          ...(await tx
            .insert(commandDevices)
            .values(
              deliveries.slice(i, i + DEVICE_ROWS_AT_ONCE).map((d) => ({
                commandId: command!.id,
                controllerMac: d.controllerMac,
                modules: d.modules ?? null,
                ...(offline.has(d.controllerMac)
                  ? { state: 'disconnected', code: DISCONNECTED_ANSWER, answeredAt: new Date() }
                  : { state: 'queued' }),
              })),
            )
            .returning({ id: commandDevices.id })),
        );
      return { commandId: command!.id, rows: inserted };
    });
    await this.db
      .update(commandDevices)
      .set({ state: 'sent', sentAt: new Date() })
      .where(and(eq(commandDevices.commandId, commandId), eq(commandDevices.state, 'queued')));
    const about = { commandId, type, target, groupId: caller.groupId ?? null };
    this.progress(
      about,
      deliveries.map((d) => ({
        controllerMac: d.controllerMac,
        state: offline.has(d.controllerMac) ? 'disconnected' : 'sent',
      })),
    );
    // each answer is written as it arrives (with the others that came meanwhile): a process that stops before
    // the last one keeps those it had
    const answers = this.answers(about);
    const answered: Answer[] = [];
    let next = 0;
    // a window of commands in flight: the broker queues only so many for one subscriber, and drops the rest
    const sender = async () => {
      for (let i = next++; i < deliveries.length; i = next++) {
        const d = deliveries[i]!;
        if (offline.has(d.controllerMac)) {
          answered[i] = { id: rows[i]!.id, state: 'disconnected', code: DISCONNECTED_ANSWER, result: null };
          continue;
        }
        const o = await this.gateway.send(
          d.controllerMac,
          type,
          d.payload ?? (d.modules ? { ...payload, macs: d.modules } : payload),
          `d${rows[i]!.id}`,
        );
        const answer = { id: rows[i]!.id, state: stateOf(o), code: o.code, result: o.result ?? null };
        answers.add(answer, d.controllerMac);
        answered[i] = answer;
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, deliveries.length) }, sender));
    await answers.written();
    await this.db.update(commands).set({ finishedAt: new Date() }).where(eq(commands.id, commandId));
    const devices: DeviceOutcome[] = deliveries.map(({ payload: _, ...d }, i) => ({
      ...d,
      state: answered[i]!.state,
      code: answered[i]!.code,
      result: answered[i]!.result ?? undefined,
    }));
    return { commandId, devices };
  }

  /** The controllers among `macs` known to be offline: a command to them is not sent, and says so at once. */
  private async knownOffline(macs: string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ mac: Controllers.mac })
      .from(Controllers)
      .where(
        and(
          inArray(Controllers.mac, [...new Set(macs)]),
          eq(Controllers.connected, false),
          isNull(Controllers.deletedAt),
        ),
      );
    return new Set(rows.map((r) => r.mac as string));
  }

  /**
   * Writes controllers' answers to a command as they come: one statement at a time, each with every answer that
   * arrived while the one before it ran, and each batch to the live streams once written.
   */
  private answers(about: Parameters<CommandService['progress']>[0]) {
    let waiting: (Answer & { controllerMac: string })[] = [];
    let writing: Promise<void> | undefined;
    let failed: unknown;
    const write = async () => {
      while (waiting.length) {
        const batch = waiting;
        waiting = [];
        try {
          await this.db.execute(sql`
            update command_devices as d set state = v.state, code = v.code, result = v.result, answered_at = now()
            from jsonb_to_recordset(${JSON.stringify(batch.map(({ controllerMac: _, ...a }) => a))}::jsonb)
              as v(id bigint, state text, code int, result jsonb)
            where d.id = v.id`);
          this.progress(
            about,
            batch.map((a) => ({ controllerMac: a.controllerMac, state: a.state, code: a.code })),
          );
        } catch (err) {
          failed ??= err;
        }
      }
      writing = undefined;
    };
    return {
      add: (answer: Answer, controllerMac: string) => {
        waiting.push({ ...answer, controllerMac });
        writing ??= write();
      },
      /** every answer added is written (or the first failure thrown) */
      written: async () => {
        await writing;
        if (failed) throw failed;
      },
    };
  }

  /** The archive, newest first, limited to the caller's group unless the caller sees every group. */
}
