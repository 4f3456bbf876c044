import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { sessions } from '../db/session.table.ts';

export type SessionRow = typeof sessions.$inferSelect;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export class SessionRepository {
  // sliding expiry is written at most this often per session, not on every request
  private readonly touchEveryMs: number;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {
    this.touchEveryMs = Math.min(60_000, ttlMs / 4);
  }

  async create(userId: number, meta: { ip?: string; userAgent?: string }) {
    const token = randomBytes(32).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMs);
    await this.db.insert(sessions).values({
      id: digest(token),
      userId,
      csrf,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    return { token, csrf, expiresAt };
  }

  /** Sessions are stored under the digest of their token, never the token. */
  readonly digest = digest;

  /** Extends a live session; returns the new expiry. */
  async touch(row: SessionRow): Promise<Date> {
    const now = Date.now();
    if (now - row.lastSeenAt.getTime() < this.touchEveryMs) return row.expiresAt;
    const expiresAt = new Date(now + this.ttlMs);
    await this.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt })
      .where(eq(sessions.id, row.id));
    return expiresAt;
  }

  async revoke(token: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, digest(token)));
  }

  async revokeUser(userId: number, keep?: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keep ? ne(sessions.id, keep) : undefined,
        ),
      );
  }
}
