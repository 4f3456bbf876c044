import { createHash, randomBytes } from 'node:crypto';
import type { Raw } from '../field/offline-sweep.ts';

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** The application a key belongs to, if it is active and not deleted. */
export type Open311Client = { id: number; group: number | null };

/**
 * Open311 applications' API keys: 32 random bytes, shown once when issued; only their SHA-256 is kept (a key is a
 * random secret, not a password a person chose: a slow hash would add nothing but time to every report).
 */
export class Open311Keys {
  constructor(private readonly raw: Raw) {}

  /** A new key for the application; the one it had stops working at once. */
  async issue(clientId: number): Promise<string> {
    const key = randomBytes(32).toString('base64url');
    await this.raw.query(`update open311_clients set key_hash = $2, updated_at = now() where _id = $1`, [
      clientId,
      digest(key),
    ]);
    return key;
  }

  async clientOf(key: string | undefined): Promise<Open311Client | undefined> {
    if (!key) return undefined;
    const { rows } = await this.raw.query(
      `select _id, "group" from open311_clients
      where key_hash = $1 and deleted_at is null and active is not false`,
      [digest(key)],
    );
    const row = rows[0];
    return row ? { id: Number(row._id), group: row.group == null ? null : Number(row.group) } : undefined;
  }
}
