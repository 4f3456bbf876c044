import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who changed which registry record, when, and each field from what to what (issue 15, "who did what"). Written
 * in the same transaction as the change itself, so a change is never stored without its entry.
 */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: text('entity').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    // the record's group when it changed: a group's users see only what happened while it was theirs
    groupId: bigint('group_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    action: text('action').notNull(),
    // field → { from, to }; a write-only field (a password) is named without its values
    changes: jsonb('changes').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('change_log_record_idx').on(t.entity, t.recordId, t.id)],
);
