import { verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEMO_LOGIN, entity, type AccessRights, type UserType } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { sessions } from '../db/session.table.ts';
import { tables } from '../db/tables.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import type { ApiRow } from '../entities/row-mapper.ts';
import { ApiError } from '../http/api-error.ts';
import type { SessionRepository } from './session.repository.ts';

const U = tables.Users!;
const R = tables.Roles!;
const G = tables.Groups!;
const C = tables.Crews!;

/** The signed-in user as every access decision sees it. */
export type SignedIn = {
  userId: number;
  login: string;
  type: UserType;
  groupId?: number;
  cityIds?: number[];
  /** a user of no administrator's type who is in a crew sees that crew's work orders only (issue 32) */
  crews?: number[];
  rights: AccessRights;
  csrf: string;
  /** the stored id of the session (its token's digest) */
  sessionId: string;
};

// verifying against this when the login is unknown keeps both answers equally slow
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$3x+9ZbyJ0Q2pJ6m9mDK4Zx0wz1xZo8cX1n6m1v0oZ3Q';

export type Meta = { ip?: string; userAgent?: string };

export type Profile = ApiRow & {
  id: number;
  login: string;
  type: string;
  roles: string[];
  role: { _id: number; name: string; accessRights: unknown } | null;
  group: { _id: number; name: string; timezone: unknown; cities: ApiRow[] } | null;
  csrf?: string;
};

// A checked session is believed for this long without asking the database again; then it is checked again while
// requests go on being answered (up to twice this age). Sign-out and locking in this process end it at once; done
// by another server process, they take effect within about this time.
const RECENT_MS = 1000;

type Recent = { signedIn: SignedIn; at: number; expiresAt: number; checking?: true };

export class AuthService {
  private readonly recent = new Map<string, Recent>();
  /** told of a user whose sessions were ended or whose rights may have changed (undefined: a role's, so anyone's) */
  private readonly watchers = new Set<(userId: number | undefined) => void>();

  constructor(
    private readonly db: Db,
    private readonly sessionRepo: SessionRepository,
    private readonly repo: EntityRepository,
  ) {}

  async signIn(login: string, password: string, meta: Meta) {
    const [user] = await this.db
      .select({ _id: U._id, password: U.password, isLocked: U.isLocked, isActive: U.isActive })
      .from(U)
      .where(and(eq(U.login, login), isNull(U.deletedAt)));
    const ok = await verify(user?.password ?? DUMMY_HASH, password).catch(() => false);
    if (!user || !ok || user.isLocked || !user.isActive) throw new ApiError('UnauthorizedError');
    return this.open(user._id, meta);
  }

  async signInDemo(meta: Meta) {
    const [user] = await this.db
      .select({ _id: U._id, isLocked: U.isLocked, isActive: U.isActive })
      .from(U)
      .where(and(eq(U.login, DEMO_LOGIN), isNull(U.deletedAt)));
    if (!user) throw new ApiError('NotFoundError');
    if (user.isLocked || !user.isActive) throw new ApiError('UnauthorizedError');
    return this.open(user._id, meta);
  }

  private async open(userId: number, meta: Meta) {
    const session = await this.sessionRepo.create(userId, meta);
    return { ...session, profile: await this.profile(userId, session.csrf) };
  }

  /** The session behind a cookie token, with its user; refuses what is missing, revoked, expired or locked. */
  async authenticate(token: string | undefined): Promise<SignedIn> {
    if (!token) throw new ApiError('UnauthorizedError');
    const cached = this.recent.get(token);
    const age = cached ? Date.now() - cached.at : Infinity;
    if (cached && cached.expiresAt > Date.now() && age < 2 * RECENT_MS) {
      if (age >= RECENT_MS && !cached.checking) {
        cached.checking = true;
        // a session found revoked or expired is forgotten, and the next request is refused
        this.check(token).catch(() => this.recent.get(token) === cached && this.recent.delete(token));
      }
      return cached.signedIn;
    }
    return this.check(token);
  }

  /**
   * The session behind a token as it stands now, asked of the database and not extended: for a reader that stays
   * connected (the live stream) and must follow the user's rights, and end with the session, without keeping it
   * alive. Refuses as `authenticate` does.
   */
  current(token: string): Promise<SignedIn> {
    return this.check(token, false);
  }

  /**
   * Tells `listener` of every user whose sessions this process ended, or whose rights it changed (undefined: a
   * role's rights, so possibly anyone's); returns the unsubscribe.
   */
  watch(listener: (userId: number | undefined) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  private changed(userId: number | undefined) {
    for (const w of this.watchers) w(userId);
  }

  private async check(token: string, touch = true): Promise<SignedIn> {
    const [row] = await this.db
      .select({
        session: sessions,
        login: U.login,
        type: U.type,
        group: U.group,
        isLocked: U.isLocked,
        isActive: U.isActive,
        deletedAt: U.deletedAt,
        rights: R.accessRights,
        cities: G.cities,
      })
      .from(sessions)
      .innerJoin(U, eq(U._id, sessions.userId))
      .leftJoin(R, and(eq(R._id, U.role), isNull(R.deletedAt)))
      .leftJoin(G, eq(G._id, U.group))
      .where(eq(sessions.id, this.sessionRepo.digest(token)));
    if (!row || row.session.revokedAt) throw new ApiError('UnauthorizedError');
    if (row.session.expiresAt.getTime() <= Date.now()) throw new ApiError('TokenIsExpiredError');
    if (row.isLocked || !row.isActive || row.deletedAt) {
      await this.revokeUser(row.session.userId);
      throw new ApiError('UnauthorizedError');
    }
    const expiresAt = touch ? await this.sessionRepo.touch(row.session) : row.session.expiresAt;
    const admin = row.type === 'ADMIN';
    const crews =
      row.type === 'NORMAL'
        ? await this.db
            .select({ id: C._id })
            .from(C)
            .where(and(isNull(C.deletedAt), sql`${row.session.userId} = any(${C.members})`))
        : [];
    const signedIn: SignedIn = {
      userId: row.session.userId,
      login: row.login,
      type: row.type,
      groupId: admin ? undefined : (row.group ?? -1),
      cityIds: admin ? undefined : (row.cities ?? []),
      ...(crews.length && { crews: crews.map((c) => Number(c.id)) }),
      rights: (row.rights ?? {}) as AccessRights,
      csrf: row.session.csrf,
      sessionId: row.session.id,
    };
    if (!touch) return signedIn;
    if (this.recent.size > 10_000) this.recent.clear();
    this.recent.set(token, { signedIn, at: Date.now(), expiresAt: expiresAt.getTime() });
    return signedIn;
  }

  async signOut(token: string) {
    const userId = this.recent.get(token)?.signedIn.userId;
    this.recent.delete(token);
    await this.sessionRepo.revoke(token);
    if (userId !== undefined) this.changed(userId);
  }

  /** Ends every session of a user at once, but `keep` (the session of a user who changed their own password). */
  async revokeUser(userId: number, keep?: string) {
    for (const [token, r] of this.recent)
      if (r.signedIn.userId === userId && r.signedIn.sessionId !== keep) this.recent.delete(token);
    await this.sessionRepo.revokeUser(userId, keep);
    // once stored, so that whoever asks again finds the sessions ended (and a kept one with the user's new rights)
    this.changed(userId);
  }

  /** Forget checked sessions (after a role changes, so its rights apply at once). */
  forgetRecent() {
    this.recent.clear();
    this.changed(undefined);
  }

  /** What sign-in answers (spec §7): login, type, role with its rights, group with its cities; id and roles. */
  async profile(userId: number, csrf?: string): Promise<Profile> {
    const user = await this.repo.get(entity('Users'), {}, userId);
    if (!user) throw new ApiError('UnauthorizedError');
    const role = user.role ? await this.repo.get(entity('Roles'), {}, user.role as number) : undefined;
    const group = user.group ? await this.repo.get(entity('Groups'), {}, user.group as number) : undefined;
    const cities = group
      ? await this.repo.byIds(entity('Cities'), {}, (group.cities as number[] | null) ?? [])
      : [];
    return {
      ...user,
      login: user.login as string,
      type: user.type as string,
      id: user._id,
      roles: role ? [role.name as string] : [],
      role: role ? { _id: role._id, name: role.name as string, accessRights: role.accessRights ?? {} } : null,
      group: group ? { _id: group._id, name: group.name as string, timezone: group.timezone, cities } : null,
      csrf,
    };
  }
}
