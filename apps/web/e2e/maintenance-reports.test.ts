import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { Client, TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';
import { choose } from './form-helpers.ts';

// Issue 32's maintenance reports on screen, en-us and ru: a group's dispatcher opens them from the Maintenance
// menu, sees the open orders by age and the repair times by fault kind and by crew (orders written with known
// times), narrows the range, and takes the Excel file; numbers and days as each language writes them.

let s: TestServer;
let browser: Browser;
let login = '';
const HOUR = 3_600_000;

const post = async (c: Client, path: string, body: object) =>
  (await c.call('POST', path, body)).body._id as number;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const dispatcher = await s.adminOfNewGroup('Screen reports');
    const me = (await dispatcher.call('GET', '/auth/me')).body;
    login = me.login;
    const group = Number(me.group?._id ?? me.group);
    const lamp = await post(s, '/api/v1/FaultKinds', { name: 'Lamp out', hoursMedium: 24 });
    const cabinet = await post(s, '/api/v1/FaultKinds', { name: 'Cabinet fault', hoursMedium: 4 });
    const day = await post(dispatcher, '/api/v1/Crews', { name: 'Day crew' });
    const night = await post(dispatcher, '/api/v1/Crews', { name: 'Night crew' });
    // done yesterday, within the screen's default range (the last 30 days), `hours` after they were opened
    const doneAt = Date.now() - 24 * HOUR;
    const orders: [string, number, number | null, number, number | null, number | null][] = [
      // status, fault kind, crew, hours to repair, due (hours after opening), hours since opened (open orders)
      ['DONE', lamp, day, 2, 24, null],
      ['VERIFIED', lamp, day, 4, 24, null],
      ['DONE', lamp, day, 6, 24, null],
      ['DONE', lamp, day, 8, 24, null],
      ['DONE', lamp, day, 10, 5, null],
      ['DONE', cabinet, night, 1, null, null],
      ['DONE', cabinet, night, 3, 4, null],
      ['NEW', lamp, null, 0, 24, 2],
      ['ASSIGNED', lamp, day, 0, 24, 30],
      ['REOPENED', cabinet, night, 0, null, 200],
    ];
    for (const [status, kind, crew, hours, due, age] of orders) {
      const created = age === null ? doneAt - hours * HOUR : Date.now() - age * HOUR;
      await s.sql(
        `insert into work_orders (title, status, fault_kind, crew, created_at, done_at, due_date, "group")
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          `${status} ${hours}`,
          status,
          kind,
          crew,
          new Date(created).toISOString(),
          age === null ? new Date(doneAt).toISOString() : null,
          due === null ? null : new Date(created + due * HOUR).toISOString(),
          group,
        ],
      );
    }
  },
);

const TEXT = {
  'en-us': {
    menu: 'Maintenance reports',
    type: 'Report',
    repair: 'Time to repair and service level',
    grouping: 'Grouping',
    byCrew: 'By crew',
    from: /^From \(UTC\)$/,
    day: /^\d{2}\/\d{2}\/\d{4}$/,
    noneDone: 'No order was done in this period',
  },
  ru: {
    menu: 'Отчёты по обслуживанию',
    type: 'Отчёт',
    repair: 'Время ремонта и соблюдение сроков',
    grouping: 'Группировка',
    byCrew: 'По бригадам',
    from: /^С \(UTC\)$/,
    day: /^\d{2}\.\d{2}\.\d{4}$/,
    noneDone: 'В этом периоде нарядов не выполнено',
  },
} as const;

/** The table's header and cells, once it shows `rows` rows. */
async function tableOf(table: Locator, rows: number) {
  await expect.poll(() => table.locator('tbody tr').count()).toBe(rows);
  return {
    head: await table.locator('thead th').allTextContents(),
    rows: await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))),
  };
}

async function dispatcherAt(lang: 'en-us' | 'ru', path: string): Promise<Page> {
  const page = await openPage(browser, lang);
  page.setDefaultTimeout(20_000);
  await signInAt(page, s.url, login, 'Lamps-2026', path);
  return page;
}

describe('maintenance reports, in Chromium', () => {
  it('opens from the Maintenance menu: open orders by age and fault kind, then repair times by crew, and the Excel file (en-us)', async () => {
    const w = TEXT['en-us'];
    const page = await dispatcherAt('en-us', '/About');
    await page.getByRole('menuitem', { name: w.menu }).click();
    await page.waitForURL('**/MaintenanceReports');
    const table = page.getByTestId('maintenance-report-table');
    expect(await tableOf(table, 3)).toEqual({
      head: ['Fault kind', '< 1 day', '1–3 days', '3–7 days', '7–30 days', '> 30 days', 'Open', 'Past due'],
      rows: [
        ['Cabinet fault', '0', '0', '0', '1', '0', '1', '0'],
        // the assigned one was due 6 hours ago
        ['Lamp out', '1', '1', '0', '0', '0', '2', '1'],
        ['Total', '1', '1', '0', '1', '0', '3', '1'],
      ],
    });
    await page.getByTestId('maintenance-report-chart').locator('svg').waitFor();
    await shot(page, 'maintenance-open-orders-en');

    await choose(page, w.type, w.repair);
    expect(await tableOf(table, 3)).toEqual({
      head: [
        'Fault kind',
        'Done',
        'Median time to repair, h',
        '90th percentile, h',
        'Within service level',
        'No service level',
        'Share within service level, %',
      ],
      rows: [
        ['Cabinet fault', '2', '2', '2.8', '1', '1', '100'],
        ['Lamp out', '5', '6', '9.2', '4', '0', '80'],
        // 1 2 3 4 6 8 10 hours
        ['Total', '7', '4', '8.8', '5', '1', '83.3'],
      ],
    });
    expect(await page.getByTestId('maintenance-report-summary').textContent()).toBe(
      '7 done: median 4\u00a0h, 90th percentile 8.8\u00a0h, within service level 83.3%.',
    );
    expect(await page.getByLabel(w.from).inputValue()).toMatch(w.day);
    await choose(page, w.grouping, w.byCrew);
    await expect.poll(() => new URL(page.url()).searchParams.get('by')).toBe('crew');
    expect((await tableOf(table, 3)).rows.map((r) => r.slice(0, 3))).toEqual([
      ['Day crew', '5', '6'],
      ['Night crew', '2', '2'],
      ['Total', '7', '4'],
    ]);
    await page.getByTestId('maintenance-report-chart').locator('svg').waitFor();
    await shot(page, 'maintenance-repair-times-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const rows = book.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      [
        'Crew',
        'Done',
        'Median time to repair, h',
        '90th percentile, h',
        'Within service level',
        'No service level',
        'Share within service level, %',
      ],
      ['Day crew', 5, 6, 9.2, 4, 0, 80],
      ['Night crew', 2, 2, 2.8, 1, 1, 100],
      ['Total', 7, 4, 8.8, 5, 1, 83.3],
    ]);

    // a range that starts today holds none of yesterday's repairs
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`${s.url}/MaintenanceReports?type=repair-times&by=crew&start=${today}&end=${today}`);
    await page.getByTestId('maintenance-report-empty').waitFor();
    expect(await page.getByTestId('maintenance-report-empty').textContent()).toBe(w.noneDone);
    expect((await tableOf(table, 1)).rows).toEqual([['Total', '0', '—', '—', '0', '0', '—']]);
    await page.context().close();
  });

  it('speaks Russian: titles, groupings, decimal commas and days as Russian writes them (ru)', async () => {
    const w = TEXT.ru;
    const page = await dispatcherAt('ru', '/MaintenanceReports?type=repair-times');
    const table = page.getByTestId('maintenance-report-table');
    await choose(page, w.grouping, w.byCrew);
    expect(await tableOf(table, 3)).toEqual({
      head: [
        'Бригада',
        'Выполнено',
        'Медиана времени ремонта, ч',
        '90-й процентиль, ч',
        'В срок',
        'Без норматива',
        'Доля в срок, %',
      ],
      rows: [
        ['Day crew', '5', '6', '9,2', '4', '0', '80'],
        ['Night crew', '2', '2', '2,8', '1', '1', '100'],
        ['Всего', '7', '4', '8,8', '5', '1', '83,3'],
      ],
    });
    expect(await page.getByTestId('maintenance-report-summary').textContent()).toBe(
      'Выполнено 7: медиана 4\u00a0ч, 90-й процентиль 8,8\u00a0ч, в срок 83,3\u00a0%.',
    );
    expect(await page.getByLabel(w.from).inputValue()).toMatch(w.day);
    await page.getByTestId('maintenance-report-chart').locator('svg').waitFor();
    await shot(page, 'maintenance-repair-times-ru');

    await choose(page, w.type, 'Открытые наряды по давности');
    expect(await tableOf(table, 3)).toMatchObject({
      head: [
        'Вид неисправности',
        '< 1 дня',
        '1–3 дня',
        '3–7 дней',
        '7–30 дней',
        '> 30 дней',
        'Открыто',
        'Просрочено',
      ],
    });
    await shot(page, 'maintenance-open-orders-ru');
    await page.context().close();
  });
});
