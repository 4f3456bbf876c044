import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';

/** A user's change to what programs are made of: who, which record, and its place in the change log. */
export type ProgramCause = { userId: number; entity: string; id: number; change: number };

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
      causes.set(group, {
        userId: Number(r.user_id),
        entity: String(r.entity),
        id: Number(r.record_id),
        change: Number(r.id),
      });
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

type Controller = { mac: string; group: number | null };

/**
 * The user changes whose tables have not all reached their controllers. A change stays the cause of a controller's
 * tables until that controller acknowledged one made after it: a controller offline at the change, or one that did
 * not answer, gets it later in that user's name, not the system's. A controller whose table the change did not
 * alter has had it at once.
 */
export class PendingCauses {
  private readonly byGroup = new Map<number | null, ProgramCause & { had: Set<string> }>();

  /** The latest changes per group (null: every group's), newer than those kept. */
  add(causes: Map<number | null, ProgramCause>) {
    for (const [group, cause] of causes) this.byGroup.set(group, { ...cause, had: new Set() });
  }

  /** The newest change that one of these controllers has not had yet. */
  of(controllers: Controller[]): ProgramCause | undefined {
    let newest: ProgramCause | undefined;
    for (const c of controllers)
      for (const p of this.kept(c))
        if (!p.had.has(c.mac) && (!newest || p.change > newest.change)) newest = p;
    return newest && { userId: newest.userId, entity: newest.entity, id: newest.id, change: newest.change };
  }

  /** The controller acknowledged a table holding every change kept for it, or one no change altered. */
  had(c: Controller) {
    for (const p of this.kept(c)) p.had.add(c.mac);
  }

  /** Forgets the changes every controller of their group (of every group, for null) has had. */
  settle(controllers: Controller[]) {
    for (const [group, p] of this.byGroup)
      if (controllers.every((c) => (group !== null && c.group !== group) || p.had.has(c.mac)))
        this.byGroup.delete(group);
  }

  private kept(c: Controller) {
    return [this.byGroup.get(c.group), this.byGroup.get(null)].filter((p) => p !== undefined);
  }
}
