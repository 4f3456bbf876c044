import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    csrf: text('csrf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per login (lowercased) and client address together, shared by every server process on the
 * database: after a few failures each further attempt from that address waits a growing delay (`blocked_until`),
 * never longer than a minute.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    login: text('login').notNull(),
    address: text('address').notNull().default(''),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.login, t.address] }),
    index('login_throttle_last_failure_idx').on(t.lastFailureAt),
  ],
);
