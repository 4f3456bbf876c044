import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import { CountCache } from '../src/entities/count-cache.ts';
import { EntityRepository } from '../src/entities/entity.repository.ts';
import { parseListQuery } from '../src/entities/list-query.ts';
import { backend } from './harness.ts';
import { suiteDatabase } from './suite-database.ts';

// The planner estimate that stands in for a slow count, read from each database's EXPLAIN output. The list is
// filtered: the totals of unfiltered lists are kept by the database and never estimated.

const Types = entity('Types');
const suite = suiteDatabase();

describe(`estimated totals on ${backend}`, () => {
  it('answers with the planner estimate, marked, when no count may run', async () => {
    const exact = new EntityRepository(suite.database.db);
    for (let i = 0; i < 300; i++) await exact.insert(Types, { name: `road ${i}` });
    await suite.database.db.execute(sql`analyze types`);
    const estimating = new EntityRepository(
      suite.database.db,
      () => {},
      undefined,
      new CountCache({ freshMs: 0, staleMs: 0, deadlineMs: 0, maxCounting: 0, costFactor: 0 }),
    );
    const page = await estimating.list(Types, {}, parseListQuery(Types, { limit: '5', q: 'road' }));
    expect(page.estimated).toBe(true);
    expect(page.total).toBeGreaterThan(200);
    expect(page.total).toBeLessThan(400);
    expect(page.rows).toHaveLength(5);
    const counted = await exact.list(Types, {}, parseListQuery(Types, { limit: '5', q: 'road' }));
    expect(counted).toMatchObject({ total: 300 });
    expect(counted.estimated).toBeUndefined();
  });

  it('answers the exact total of a page that ends before its limit, whatever the planner guesses', async () => {
    const estimating = new EntityRepository(
      suite.database.db,
      () => {},
      undefined,
      new CountCache({ freshMs: 0, staleMs: 0, deadlineMs: 0, maxCounting: 0, costFactor: 0 }),
    );
    const whole = await estimating.list(Types, {}, parseListQuery(Types, { limit: '500', q: 'road' }));
    expect(whole).toMatchObject({ total: 300 });
    expect(whole.estimated).toBeUndefined();
    const last = await estimating.list(
      Types,
      {},
      parseListQuery(Types, { limit: '50', skip: '280', q: 'road' }),
    );
    expect([last.total, last.rows.length, last.estimated]).toEqual([300, 20, undefined]);
    // an empty table never vacuumed, which the planner takes for ten pages of rows (the first start's users)
    const Cities = entity('Cities');
    const none = await estimating.list(Cities, {}, parseListQuery(Cities, { limit: '5', q: 'Nowhere' }));
    expect(none).toEqual({ total: 0, rows: [] });
  });
});
