import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';

/** A user's change to what programs are made of: who, and which record. */
export type ProgramCause = { userId: number; entity: string; id: number };

/**
 * Who changed a program's sources since the last look (issue 28 §4: a program sent because a user changed a
 * profile names that user), read from the change log so it holds whichever server process took the change. What
 * was changed before this process started is no cause of what it sends.
 */
export class ProgramCauses {
  private seen?: number;
  private readonly since0 = new Date();

  constructor(
    private readonly db: Db,
    private readonly sources: ReadonlySet<string>,
  ) {}

  /** The latest user change per group (null: records every group shares) since the last call. */
  async since(): Promise<Map<number | null, ProgramCause>> {
    const causes = new Map<number | null, ProgramCause>();
    // the newest entries are read backwards by id until one older than the start: a few, not the whole log
    this.seen ??= await this.lastBefore(this.since0);
    const result = await this.db.execute(sql`
      select id, group_id, user_id, entity, record_id from change_log
      where id > ${this.seen} and user_id is not null
        and entity = any(${`{${[...this.sources].join(',')}}`}::text[])
      order by id`);
    for (const r of (result as { rows?: Record<string, unknown>[] }).rows ?? []) {
      this.seen = Math.max(this.seen, Number(r.id));
      const group = r.group_id == null ? null : Number(r.group_id);
      causes.set(group, { userId: Number(r.user_id), entity: String(r.entity), id: Number(r.record_id) });
    }
    return causes;
  }

  private async lastBefore(at: Date): Promise<number> {
    const result = await this.db.execute(
      sql`select coalesce(max(id), 0)::bigint as id from change_log where at < ${at.toISOString()}`,
    );
    return Number((result as { rows?: { id: unknown }[] }).rows?.[0]?.id ?? 0);
  }
}
