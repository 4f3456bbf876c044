import { createHash, pbkdf2, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import { isTopicMac, topicMac } from '@sl/protocol';
import type { Db } from '../db/connect.ts';
import { deviceSecrets } from '../db/device-secret.table.ts';
import { tableOf } from '../db/tables.ts';

// Each controller's own broker secret (DESIGN.md §5): 32 random bytes, shown once when it is issued, stored only as a
// hash in Mosquitto's PBKDF2-SHA512 form `$7$<iterations>$<salt>$<hash>`, so the embedded broker checks it here and
// `npm run broker:files` copies it verbatim into a Mosquitto password file.
//
// The secret is random, not chosen by a person: 256 bits cannot be guessed, so the hash needs no work factor to
// slow guessing down. Mosquitto's own default of 101 iterations keeps a check near 0.1 ms, and a reconnect storm of
// every controller stays cheap.

const ITERATIONS = 101;
const SALT_BYTES = 12;
const KEY_BYTES = 64;
const pbkdf2Async = promisify(pbkdf2);

/** A new secret: 32 random bytes, base64url (43 characters). */
export const newSecret = () => randomBytes(32).toString('base64url');

/** The `$7$` hash Mosquitto's password file holds. */
export function hashSecret(secret: string): string {
  const salt = randomBytes(SALT_BYTES);
  const key = pbkdf2Sync(secret, salt, ITERATIONS, KEY_BYTES, 'sha512');
  return `$7$${ITERATIONS}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Whether `secret` matches a `$7$` hash; any other form never matches. */
export async function secretMatches(secret: string | Buffer, stored: string): Promise<boolean> {
  const m = /^\$7\$(\d{1,7})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[3]!, 'base64');
  const iterations = Number(m[1]);
  if (iterations < 1 || expected.length !== KEY_BYTES) return false;
  const key = await pbkdf2Async(secret, Buffer.from(m[2]!, 'base64'), iterations, KEY_BYTES, 'sha512');
  return timingSafeEqual(key, expected);
}

/** How long a looked-up hash (or its absence) and a verified secret are believed before the database is asked. */
const CACHE_MS = 10_000;
const CACHE_MAX = 100_000;

type Known = { hash: string | undefined; talq: boolean; until: number; verified?: string };

/**
 * The controllers' secrets: issued (and rotated) here, checked here for the embedded broker. Lookups are cached
 * for a few seconds, so a storm of reconnections asks the database once per controller; a rotation in this
 * process forgets the old one at once, in another process within CACHE_MS.
 */
export class DeviceSecrets {
  private readonly known = new Map<string, Known>();
  /** told of a controller whose secret changed (the embedded broker ends its connection) */
  onRotate: (mac: string) => void = () => {};

  constructor(private readonly db: Db) {}

  /** Issues new secrets for the controllers (by id), replacing any they had; returns each one's secret by id. */
  async issue(controllerIds: number[]): Promise<Map<number, { mac: string; secret: string }>> {
    const C = tableOf(entity('Controllers'));
    const out = new Map<number, { mac: string; secret: string }>();
    if (!controllerIds.length) return out;
    const rows = await this.db
      .select({ _id: C._id, mac: C.mac })
      .from(C)
      .where(and(inArray(C._id, controllerIds), isNull(C.deletedAt)));
    const values = rows.map((r) => {
      const secret = newSecret();
      out.set(r._id as number, { mac: topicMac(r.mac as string), secret });
      return { controllerId: r._id as number, hash: hashSecret(secret), rotatedAt: new Date() };
    });
    for (let i = 0; i < values.length; i += 1000)
      await this.db
        .insert(deviceSecrets)
        .values(values.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: deviceSecrets.controllerId,
          set: { hash: sql`excluded.hash`, rotatedAt: sql`excluded.rotated_at` },
        });
    for (const { mac } of out.values()) {
      this.known.delete(mac);
      this.onRotate(mac);
    }
    return out;
  }

  /** Issues secrets for the controllers with these MACs; returns each one's secret by MAC (topic form). */
  async issueByMac(macs: string[]): Promise<Map<string, string>> {
    const C = tableOf(entity('Controllers'));
    const wanted = macs.map(topicMac);
    const ids: number[] = [];
    for (let i = 0; i < wanted.length; i += 1000) {
      const rows = await this.db
        .select({ _id: C._id })
        .from(C)
        .where(and(inArray(C.mac, wanted.slice(i, i + 1000)), isNull(C.deletedAt)));
      ids.push(...rows.map((r) => r._id as number));
    }
    const issued = await this.issue(ids);
    return new Map([...issued.values()].map((v) => [v.mac, v.secret]));
  }

  /**
   * Whether `secret` is the current secret of the live controller whose MAC (topic form) is `mac`. A TALQ
   * gateway's credentials (`talq`) open its TALQ API only, an MQTT controller's the broker only.
   */
  async verify(mac: string, secret: Buffer | string | undefined, talq = false): Promise<boolean> {
    if (!isTopicMac(mac) || secret === undefined || secret.length === 0 || secret.length > 256) return false;
    const now = Date.now();
    let known = this.known.get(mac);
    if (!known || known.until < now) {
      known = { ...(await this.lookup(mac)), until: now + CACHE_MS };
      if (this.known.size >= CACHE_MAX) this.known.clear();
      this.known.set(mac, known);
    }
    if (!known.hash || known.talq !== talq) return false;
    const digest = createHash('sha256').update(secret).digest('base64');
    if (known.verified === digest) return true;
    if (!(await secretMatches(secret, known.hash))) return false;
    known.verified = digest;
    return true;
  }

  /** The hash of a live controller's secret, if it has one, and whether it is a TALQ gateway's. */
  private async lookup(mac: string): Promise<{ hash: string | undefined; talq: boolean }> {
    const C = tableOf(entity('Controllers'));
    const [row] = await this.db
      .select({ hash: deviceSecrets.hash, protocol: C.protocol })
      .from(deviceSecrets)
      .innerJoin(C, eq(C._id, deviceSecrets.controllerId))
      .where(and(eq(C.mac, mac), isNull(C.deletedAt)))
      .limit(1);
    return { hash: row?.hash, talq: row?.protocol === 'TALQ' };
  }

  /** Every live MQTT controller's MAC (topic form) with its hash, for a Mosquitto password file. */
  async all(): Promise<{ mac: string; hash: string }[]> {
    const C = tableOf(entity('Controllers'));
    const rows = await this.db
      .select({ mac: C.mac, hash: deviceSecrets.hash })
      .from(deviceSecrets)
      .innerJoin(C, eq(C._id, deviceSecrets.controllerId))
      // a TALQ gateway's secret opens no broker
      .where(and(isNull(C.deletedAt), sql`${C.protocol} is distinct from 'TALQ'`))
      .orderBy(C.mac);
    return rows.map((r) => ({ mac: topicMac(r.mac as string), hash: r.hash }));
  }
}
