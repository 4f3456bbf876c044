import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { canonicalMac, COMMAND_OUTCOMES, entity, type CommandOutcome } from '@sl/domain';
import { z } from 'zod';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { commandDevices, commands } from '../db/command.table.ts';
import { tableOf } from '../db/tables.ts';

const Users = tableOf(entity('Users'));

const STATES: Record<CommandOutcome, string[]> = {
  pending: ['queued', 'sent'],
  acknowledged: ['acknowledged'],
  failed: ['failed'],
  timed_out: ['timed_out'],
  disconnected: ['disconnected'],
  expired: ['expired'],
};

const many = <T extends z.ZodType>(one: T) => z.union([one, z.array(one)]).transform((v) => [v].flat());

/** The archive's filters (issue 15, "who did what"): by user, controller, type, time and outcome. */
export const archiveQuery = z.strictObject({
  skip: z.coerce.number().int().min(0).max(1e9).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  user: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53)
    .optional(),
  controller: z
    .string()
    .max(64)
    .regex(/^[0-9A-Fa-f:.-]{8,32}$/)
    .transform(canonicalMac)
    .optional(),
  type: z
    .string()
    .max(64)
    .regex(/^[a-zA-Z]+$/)
    .optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  outcome: many(z.enum(COMMAND_OUTCOMES)).optional(),
});
export type ArchiveQuery = z.infer<typeof archiveQuery>;

function conditions(caller: Caller, q: Partial<ArchiveQuery>): SQL | undefined {
  const deviceWhere = (extra: SQL) =>
    sql`exists (select 1 from ${commandDevices} d where d.command_id = ${commands.id} and ${extra})`;
  return and(
    caller.groupId === undefined ? undefined : eq(commands.groupId, caller.groupId),
    q.user === undefined ? undefined : eq(commands.userId, q.user),
    q.type === undefined ? undefined : eq(commands.type, q.type),
    q.from === undefined ? undefined : gte(commands.createdAt, new Date(q.from)),
    q.to === undefined ? undefined : lte(commands.createdAt, new Date(q.to)),
    q.controller === undefined ? undefined : deviceWhere(sql`d.controller_mac = ${q.controller}`),
    q.outcome?.length
      ? deviceWhere(
          sql`d.state in (${sql.join(
            q.outcome.flatMap((o) => STATES[o]).map((s) => sql`${s}`),
            sql`, `,
          )})`,
        )
      : undefined,
  );
}

/**
 * Commands with their users' logins and their devices, read in one statement: one snapshot. Read apart, a sweep
 * (or an answer) that committed between the two reads showed every device expired on a command not yet finished.
 */
async function withDevices(db: Db, where: SQL | undefined) {
  const rows = await db
    .select({ command: commands, login: Users.login, device: commandDevices })
    .from(commands)
    .leftJoin(Users, eq(Users._id, commands.userId))
    .leftJoin(commandDevices, eq(commandDevices.commandId, commands.id))
    .where(where)
    .orderBy(desc(commands.id), commandDevices.id);
  type Row = (typeof rows)[number];
  const found = new Map<
    number,
    Row['command'] & { login: string | null; devices: NonNullable<Row['device']>[] }
  >();
  for (const { command, login, device } of rows) {
    let c = found.get(command.id);
    if (!c) found.set(command.id, (c = { ...command, login, devices: [] }));
    if (device) c.devices.push(device);
  }
  return [...found.values()];
}

/** A page of the commands archive, newest first, each with its user's login and its state at every controller. */
export async function listArchive(db: Db, caller: Caller, q: ArchiveQuery) {
  const where = conditions(caller, q);
  const page = await db
    .select({ id: commands.id })
    .from(commands)
    .where(where)
    .orderBy(desc(commands.id))
    .limit(q.limit)
    .offset(q.skip);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(commands)
    .where(where);
  const ids = page.map((r) => r.id);
  return {
    total: total!.n,
    skip: q.skip,
    limit: q.limit,
    data: ids.length ? await withDevices(db, inArray(commands.id, ids)) : [],
  };
}

/** One command of the archive, if the caller's group holds it. */
export async function archivedCommand(db: Db, caller: Caller, id: number) {
  return (await withDevices(db, and(eq(commands.id, id), conditions(caller, {}))))[0];
}
