import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each controller's broker secret, hashed (Mosquitto's PBKDF2-SHA512 `$7$` form, so the same value feeds the
 * embedded broker and a generated Mosquitto password file). A table of its own: no entity route, list or export
 * ever reads it.
 */
export const deviceSecrets = pgTable('device_secrets', {
  controllerId: bigint('controller_id', { mode: 'number' }).primaryKey(),
  hash: text('hash').notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
