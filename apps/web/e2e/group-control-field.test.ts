import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { shot } from './browser.ts';
import { mapFieldForSuite, openMapPage, signInAdmin, type MapField } from './map-helpers.ts';

// Issue 11 §3 with the simulated field running: a group dim is shown as confirmed only once the controllers said so.

let field: MapField;
mapFieldForSuite((f) => (field = f));

describe('dimming a group control with the field answering, in Chromium', () => {
  it('says the controllers confirmed, with how many lamps and controllers', async () => {
    const { s } = field;
    const group = (await s.call('POST', '/api/v1/GroupControl', { name: 'Field group', id: 9 })).body._id;
    // every socket of the first mountings of each cabinet answers to the group
    await s.db.execute(sql`
      update luminary_supports set sockets = (
        select jsonb_agg(k || jsonb_build_object('groupControl', ${group}::bigint)) from jsonb_array_elements(sockets) k)
      where _id in (
        select _id from (
          select _id, row_number() over (partition by cabinet order by _id) n
          from luminary_supports where jsonb_array_length(sockets) > 0) firsts
        where n <= 2)`);
    const lamps = (await s.call('GET', `/api/v2/group-controls/${group}/lamps`)).body.result;
    expect(lamps.count).toBeGreaterThan(0);

    const { page } = await openMapPage(field.browser, 'en-us');
    await signInAdmin(page, s.url);
    await page.goto(`${s.url}/GroupControl/${group}`);
    const card = page.getByTestId('group-control');
    await card.getByTestId('group-lamp-count').waitFor();
    expect(await card.getByTestId('group-lamp-count').textContent()).toBe(`${lamps.count} lamps`);
    await card.getByRole('button', { name: 'Dim the group' }).click();
    const outcome = card.getByTestId('group-dim-outcome');
    await expect
      .poll(async () => outcome.textContent(), { timeout: 15_000 })
      .toMatch(/^Confirmed by every controller/);
    const counts = /Lamps: (\d+), controllers: (\d+); confirmed (\d+), failed 0, no answer 0/.exec(
      (await outcome.textContent()) ?? '',
    );
    expect(counts?.[1]).toBe(String(lamps.count));
    expect(counts?.[3]).toBe(counts?.[2]);
    await shot(page, 'group-control-confirmed');
    await page.context().close();
  });
});
