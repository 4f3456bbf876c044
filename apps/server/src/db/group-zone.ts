import { sql } from 'drizzle-orm';
import type { Db } from './connect.ts';

/** A group's time zone as written: its own, else its first live city's that has one; undefined for neither. */
export async function groupZone(db: Db, group: number): Promise<string | undefined> {
  const result = await db.execute(sql`
    select coalesce(nullif(g.timezone, ''), (
      select ci.timezone from cities ci, unnest(g.cities) with ordinality as c(id, n)
      where ci._id = c.id and ci.deleted_at is null and coalesce(ci.timezone, '') <> '' order by c.n limit 1)) as zone
    from groups g where g._id = ${group}`);
  const zone = (result as { rows?: { zone?: unknown }[] }).rows?.[0]?.zone;
  return typeof zone === 'string' ? zone : undefined;
}
