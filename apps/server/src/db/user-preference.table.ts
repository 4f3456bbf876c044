import { bigint, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each user's console preferences (columns and page size per list, fields shown per device screen), by key, so
 * they follow the user to another browser. One row per user; the console keeps a copy in its own storage.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  prefs: jsonb('prefs').notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
