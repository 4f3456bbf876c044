import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every command: who, when, what target, what payload (DESIGN.md §6). */
export const commands = pgTable(
  'commands',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }),
    type: text('type').notNull(),
    target: jsonb('target').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('commands_created_idx').on(t.createdAt), index('commands_group_idx').on(t.groupId)],
);

/**
 * A command's state at each controller it went to: queued, sent, acknowledged, failed (with code), timed_out, or
 * expired (left open by a server process that stopped; see CommandService).
 */
export const commandDevices = pgTable(
  'command_devices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    commandId: bigint('command_id', { mode: 'number' }).notNull(),
    controllerMac: text('controller_mac').notNull(),
    modules: jsonb('modules'),
    state: text('state').notNull(),
    code: integer('code'),
    result: jsonb('result'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('command_devices_command_idx').on(t.commandId),
    // the sweep for expired commands looks only at the few rows still open
    index('command_devices_open_idx')
      .on(t.sentAt)
      .where(sql`state in ('queued', 'sent')`),
  ],
);
