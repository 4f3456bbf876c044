import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import { EntityRepository } from '../src/entities/entity.repository.ts';
import { parseListQuery } from '../src/entities/list-query.ts';
import { backend } from './harness.ts';
import { suiteDatabase } from './suite-database.ts';

// The totals of unfiltered lists come from counts the database keeps by trigger; whatever writes the rows (the
// API, a bulk insert, a hard delete, a truncate), they must equal a count of the rows themselves. A write in SQL
// tells the repository, as the field's writers do, so that its kept pages are read again.

const Groups = entity('Groups');
const Supports = entity('LuminarySupports');
const suite = suiteDatabase();

describe(`list totals kept by the database on ${backend}`, () => {
  it('equals a count of the live rows after every kind of write, per group and in all', async () => {
    const repo = new EntityRepository(suite.database.db);
    const [a, b] = [
      await repo.insert(Groups, { name: 'North' }),
      await repo.insert(Groups, { name: 'South' }),
    ];
    const total = async (groupId?: number) =>
      (await repo.list(Supports, { groupId }, parseListQuery(Supports, { limit: '1' }))).total;
    const counted = async (groupId?: number) => {
      const r = (await suite.database.db.execute(
        groupId === undefined
          ? sql`select count(*)::int n from luminary_supports where deleted_at is null`
          : sql`select count(*)::int n from luminary_supports where deleted_at is null and "group" = ${groupId}`,
      )) as unknown as { rows: { n: number }[] };
      return r.rows[0]!.n;
    };
    const write = async (statement: ReturnType<typeof sql>) => {
      await suite.database.db.execute(statement);
      repo.changed(Supports.table);
    };
    const agrees = async (expected: { all: number; a: number; b: number }) => {
      expect({ all: await total(), a: await total(a._id), b: await total(b._id) }).toEqual(expected);
      expect({ all: await counted(), a: await counted(a._id), b: await counted(b._id) }).toEqual(expected);
    };

    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await repo.insert(Supports, { uid: `n${i}`, group: a._id }))._id);
    await repo.insert(Supports, { uid: 'loose' });
    await agrees({ all: 6, a: 5, b: 0 });

    await write(sql`
      insert into luminary_supports (uid, "group") select 's' || i, ${b._id} from generate_series(1, 300) i`);
    await agrees({ all: 306, a: 5, b: 300 });

    await repo.softDelete(Supports, ids[0]!);
    await repo.update(Supports, ids[1]!, { group: b._id });
    await agrees({ all: 305, a: 3, b: 301 });

    await write(sql`update luminary_supports set deleted_at = null where _id = ${ids[0]}`);
    await write(sql`delete from luminary_supports where uid like 's1%'`);
    await agrees({ all: 195, a: 4, b: 190 });

    await write(sql`truncate luminary_supports cascade`);
    await agrees({ all: 0, a: 0, b: 0 });
  });

  it('counts the rows a table already held when its triggers are first made', async () => {
    await suite.database.db.execute(sql`drop trigger sl_counts_added on luminary_supports`);
    await suite.database.db.execute(
      sql`insert into luminary_supports (uid) select 'old' || i from generate_series(1, 40) i`,
    );
    const { installLiveCounts } = await import('../src/db/live-counts.ts');
    await installLiveCounts(suite.database.db);
    const repo = new EntityRepository(suite.database.db);
    expect((await repo.list(Supports, {}, parseListQuery(Supports, {}))).total).toBe(40);
    await suite.database.db.execute(sql`insert into luminary_supports (uid) values ('new')`);
    repo.changed(Supports.table);
    expect((await repo.list(Supports, {}, parseListQuery(Supports, {}))).total).toBe(41);
  });
});
