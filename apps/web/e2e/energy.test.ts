import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { addDays, zonedInstant } from '@sl/domain/astro';
import { formatDateText } from '@sl/domain';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- the same district boundaries as the HTTP tests
import { box } from '../../server/test/boxes.ts';
// eslint-disable-next-line no-restricted-imports -- the same known field readings as the HTTP test
import {
  at,
  D,
  MAC,
  MODULE,
  publishEnergyField,
  publishMeterReading,
  READINGS,
  SERIAL,
  TZ,
} from '../../server/test/energy-field.ts';
// eslint-disable-next-line no-restricted-imports -- waits for the server as the HTTP tests do
import { until } from '../../server/test/field-setup.ts';
import { shot } from './browser.ts';
import { consoleForSuite } from './console-session.ts';
import { adminAt, choose, menuGone } from './form-helpers.ts';

// Issue 14 §3: a meter's screen (latest reading, power per phase, average data) and the consumption report of a
// known series of readings (across the night London's clocks go back), its chart and table, and its Excel file
// read back; en-us and ru.

let s: TestServer;
let browser: Browser;
let meter = 0;
/** the meter's controller's broker secret */
let secret = '';

// a day as each language writes it: 10/25/2026, 25.10.2026
const usDay = (day: string) => day.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');
const ruDay = (day: string) => day.split('-').reverse().join('.');
const midnight = (day: string) => zonedInstant(day, '00:00', TZ).toISOString();
const reportPath = `/Reports?type=consumption&groupType=BY_DAY&start=${midnight(addDays(D, -1))}&end=${midnight(addDays(D, 2))}`;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const made = async (entity: string, body: object) =>
      (await s.call('POST', `/api/v1/${entity}`, body)).body._id as number;
    const city = await made('Cities', {
      name: { 'en-us': 'London', ru: 'Лондон' },
      lat: 51.5,
      lon: -0.12,
      timezone: TZ,
      tariff: 0.3,
      nightTariff: 0.1,
      co2Factor: 400,
      currency: 'GBP',
    });
    const controller = await made('Controllers', { mac: MAC });
    // the cabinet stands in the West End; the East End has none
    const square = (lon: number) => box(lon, 51.4, lon + 0.1, 51.6);
    await made('Districts', { name: 'West End', city, boundary: square(-0.2) });
    await made('Districts', { name: 'East End', city, boundary: square(-0.05) });
    const cabinet = await made('Cabinets', {
      uid: 'cabinet-energy',
      controller,
      location: { type: 'Point', coordinates: [-0.15, 51.5] },
    });
    meter = await made('Meters', { serial: SERIAL, cabinet, controller });
    const vendor = await made('Vendors', { name: 'Energy vendor' });
    const model = await made('LuminaryModels', { name: 'LED 100', vendor, power: 100 });
    const module = await made('LuminaryModules', { mac: MODULE, controller });
    const riverside = await made('GroupControl', { name: 'Riverside lamps', id: 7 });
    await made('Luminaries', { uid: 'lamp-energy', model, controlModule: module, profileGroup: riverside });
    secret = (await s.call('POST', `/api/v2/controllers/${controller}/secret`)).body.result.secret;
    await publishEnergyField(s, secret);
    await until(async () => {
      const res = await s.call('GET', `/api/v1/MetersAverageData?meter=${meter}`);
      return res.body.total === READINGS.length || undefined;
    });
  },
);

/** The table's cells, row by row, once it shows `rows` rows. */
async function cellsOf(table: Locator, rows: number) {
  await table
    .locator('tbody tr')
    .nth(rows - 1)
    .waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)));
}

describe('energy screens, in Chromium', () => {
  it('shows a meter’s latest reading per phase in the units of spec §9, and its power chart', async () => {
    const page = await adminAt(s, browser, `/Meters/${meter}`);
    const active = page.getByTestId('meter-active');
    await active.waitFor();
    await expect.poll(async () => active.textContent(), { timeout: 10_000 }).toContain('1.2\u00a0kW');
    expect(await active.textContent()).toContain('230\u00a0V');
    expect(await active.textContent()).toContain('1.6\u00a0kWh');
    await page.getByTestId('meter-power-chart').locator('svg').waitFor();
    // the newest hour with readings first: the counters rose 200 Wh in the first hour of D+1, none given back,
    // 30 and 1 varh of reactive energy in and out
    const newest = page.getByTestId('meter-average').locator('tbody tr').first().locator('td');
    expect((await newest.allTextContents()).slice(1)).toEqual([
      '0.2\u00a0kWh',
      '0\u00a0kWh',
      '0.03\u00a0kvarh',
      '0.001\u00a0kvarh',
    ]);
    await shot(page, 'energy-meter-en');
    // a load asks for this meter only: before its record came, the screen asked for meter 0 twice (two 400s)
    const refused: string[] = [];
    page.on('response', (r) => r.status() >= 400 && refused.push(`${r.status()} ${r.url()}`));
    await page.reload();
    await expect.poll(async () => active.textContent(), { timeout: 10_000 }).toContain('1.2\u00a0kW');
    await page.getByTestId('meter-average').locator('tbody tr').first().waitFor();
    expect(refused).toEqual([]);
    await page.context().close();

    const ru = await adminAt(s, browser, `/Meters/${meter}`, 'ru');
    await expect
      .poll(async () => ru.getByTestId('meter-active').textContent(), { timeout: 10_000 })
      .toContain('1,2\u00a0кВт');
    const newestRu = ru.getByTestId('meter-average').locator('tbody tr').first().locator('td');
    await newestRu.first().waitFor();
    expect((await newestRu.allTextContents()).slice(3)).toEqual(['0,03\u00a0квар·ч', '0,001\u00a0квар·ч']);
    await shot(ru, 'energy-meter-ru');
    await ru.context().close();
  });

  it('reports consumption per local day with cost and CO2, and exports it to Excel', async () => {
    const page = await adminAt(s, browser, reportPath);
    const table = page.getByTestId('report-table');
    const cells = await cellsOf(table, 3);
    // days as the language writes them on screen; the files keep YYYY-MM-DD
    expect(cells).toEqual([
      [usDay(addDays(D, -1)), '0', '0', '0'],
      [usDay(D), '0.8', '0.11', '0.32'],
      [usDay(addDays(D, 1)), '0.2', '0.02', '0.08'],
    ]);
    expect(await page.getByTestId('report-total').textContent()).toBe(
      'Total: 1\u00a0kWh, cost 0.13 GBP, CO2 0.4\u00a0kg',
    );
    await page.getByTestId('report-chart').locator('svg').waitFor();
    await shot(page, 'energy-report-en');

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
      ['Period', 'Energy, kWh', 'Cost, GBP', 'CO2, kg'],
      [addDays(D, -1), 0, 0, 0],
      [D, 0.8, 0.11, 0.32],
      [addDays(D, 1), 0.2, 0.02, 0.08],
    ]);
    // the range is written and typed on the city's clock (London's, an hour ahead of this browser's UTC in October)
    const from = page.getByLabel('From (Europe/London)');
    expect(await from.inputValue()).toBe(`${usDay(addDays(D, -1))} 12:00 AM`);
    await from.fill(`${usDay(D)} 12:00 AM`);
    await expect.poll(() => new URL(page.url()).searchParams.get('start')).toBe(midnight(D));
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await page.context().close();

    // two days more, in which the meter sent nothing: shown empty, not 0
    const longer = reportPath.replace(midnight(addDays(D, 2)), midnight(addDays(D, 4)));
    const ru = await adminAt(s, browser, longer, 'ru');
    await ru.getByTestId('report-table').locator('tbody tr').nth(4).waitFor();
    expect(await ru.getByTestId('report-table').locator('tbody tr').nth(4).textContent()).toBe(
      `${ruDay(addDays(D, 3))}———`,
    );
    expect(await ru.getByTestId('report-table').locator('thead').textContent()).toBe(
      'ПериодЭнергия, кВт·чСтоимость, GBPCO2, кг',
    );
    expect(await ru.getByTestId('report-table').locator('tbody tr').nth(1).textContent()).toBe(
      `${ruDay(D)}0,80,110,32`,
    );
    await shot(ru, 'energy-report-ru');
    await ru.context().close();
  });

  it('reports energy saved per day, a day no lamp reported in shown empty, not 0 (ru)', async () => {
    const page = await adminAt(s, browser, reportPath.replace('consumption', 'energy-saved'), 'ru');
    const table = page.getByTestId('report-table');
    const cells = await cellsOf(table, 3);
    // two hours at 100 W would have drawn 0.2 kWh, the lamp drew 0.1; the days around it no lamp reported in
    expect(cells).toEqual([
      [ruDay(addDays(D, -1)), '', '—', '—', '—', '—'],
      [ruDay(D), '', '2', '0,2', '0,1', '0,1'],
      [ruDay(addDays(D, 1)), '', '—', '—', '—', '—'],
    ]);
    await page.getByTestId('report-chart').locator('svg').getByText('нет показаний').first().waitFor();
    await shot(page, 'energy-saved-ru');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Экспорт CSV' }).click(),
    ]);
    const csv = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(csv.slice(1)).toEqual([`${addDays(D, -1)},,,,,`, `${D},,2,0.2,0.1,0.1`, `${addDays(D, 1)},,,,,`]);
    await page.context().close();
  });

  it('says why a report cannot be made, in the catalogue’s words: a district that is not there, or not an id (ru)', async () => {
    const page = await adminAt(s, browser, `${reportPath}&district=987654`, 'ru');
    const failed = page.getByTestId('report-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toBe('Не найдено');
    await page.goto(`${s.url}${reportPath}&district=abc`);
    await failed.waitFor();
    expect(await failed.textContent()).toBe('Неверные данные');
    await page.context().close();
  });

  it('reports the meters’ indications: A+ per phase, and A−, R+ and R− where a meter has them (ru)', async () => {
    const page = await adminAt(s, browser, reportPath.replace('type=consumption', 'type=indications'), 'ru');
    const table = page.getByTestId('report-table');
    await table.locator('tbody tr').nth(2).waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Период',
      'Счётчик',
      'Фаза A, кВт·ч',
      'Фаза B, кВт·ч',
      'Фаза C, кВт·ч',
      'Всего, кВт·ч',
      'A−, кВт·ч',
      'R+, квар·ч',
      'R−, квар·ч',
    ]);
    expect(await table.locator('tbody tr').nth(1).locator('td').allTextContents()).toEqual([
      ruDay(D),
      'M-ENERGY-1',
      '1,5',
      '2,3',
      '—',
      '3,8',
      '0,007',
      '0,45',
      '0,02',
    ]);
    await shot(page, 'h14-report-indications-ru');
    await page.context().close();
  });

  it('reports one district’s consumption: its cabinets’ meters (ru)', async () => {
    const page = await adminAt(s, browser, reportPath, 'ru');
    const total = page.getByTestId('report-total');
    await expect.poll(() => total.textContent()).toContain('Итого: 1\u00a0кВт·ч');
    const district = async (name: string) => {
      await page.getByTestId('report-district').getByRole('combobox').click();
      await page.getByRole('option', { name, exact: true }).click();
    };
    // no meter in the East End: no readings, which is said, and no total (not 0 kWh)
    const noData = page.getByTestId('report-no-data');
    await district('East End');
    await expect.poll(() => noData.textContent()).toBe('За этот период показаний нет');
    await expect(total.count()).resolves.toBe(0);
    await shot(page, 'h14-report-district-empty-ru');
    await district('West End');
    await expect.poll(() => total.textContent()).toContain('Итого: 1\u00a0кВт·ч');
    await page.getByRole('option', { name: 'East End' }).waitFor({ state: 'detached' });
    // the choice rides in the address: a reload shows the same report
    await district('East End');
    await expect.poll(() => new URL(page.url()).searchParams.get('district')).toMatch(/^\d+$/);
    await page.reload();
    await expect.poll(() => noData.textContent()).toBe('За этот период показаний нет');
    // the districts to name it come in their own request, which may answer after the report's
    await expect.poll(() => page.getByTestId('report-district').textContent()).toContain('East End');
    await district('West End');
    await expect.poll(() => total.textContent()).toContain('Итого: 1\u00a0кВт·ч');
    await page.getByRole('option', { name: 'East End' }).waitFor({ state: 'detached' });
    await shot(page, 'h14-report-district-ru');
    // a link to a district that is gone says what the server said, in the user's language
    await page.goto(`${s.url}${reportPath}&district=999999`);
    await expect.poll(() => page.getByTestId('report-failed').textContent()).toBe('Не найдено');
    await shot(page, 'h14-report-gone-district-ru');
    await page.context().close();
  });

  it('reports a group control’s consumption: what its lamps’ modules drew', async () => {
    const page = await adminAt(s, browser, reportPath);
    const total = page.getByTestId('report-total');
    await expect.poll(() => total.textContent()).toContain('Total: 1\u00a0kWh');
    await page.getByTestId('report-group-control').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Riverside lamps', exact: true }).click();
    // the lamp drew 100 Wh from 18:10 to 20:10 UTC, at the day tariff
    await expect.poll(() => total.textContent()).toContain('Total: 0.1\u00a0kWh');
    await expect.poll(() => total.textContent()).toContain('0.03 GBP');
    await menuGone(page);
    await shot(page, 'h14-report-group-control-en');
    await page.context().close();
  });

  it('compares a year’s consumption month by month with the year before, and sums up its effectiveness', async () => {
    const year = D.slice(0, 4);
    const page = await adminAt(s, browser, '/Analytics');
    await choose(page, 'Year', year);
    const october = page.getByTestId('year-comparison').locator('tbody tr').nth(9);
    // last year's October and this year's September had no readings: empty, not 0 kWh
    await expect.poll(async () => october.textContent(), { timeout: 10_000 }).toBe('Oct—1\u00a0kWh');
    expect(await page.getByTestId('year-comparison').locator('tbody tr').nth(8).textContent()).toBe('Sep——');
    const summary = page.getByTestId('period-effectiveness');
    // the period's summary comes in a request of its own
    await expect.poll(() => summary.textContent()).toContain('Consumption: 1\u00a0kWh');
    expect(await summary.textContent()).toContain('Cost: 0.13 GBP');
    expect(await summary.textContent()).toContain('Burning hours: 2\u00a0h');
    expect(await summary.textContent()).toContain('Energy saved: 0.1\u00a0kWh');
    await page.getByRole('option', { name: 'East End' }).waitFor({ state: 'detached' });
    await shot(page, 'energy-analytics-en');
    // a period of its own: the 25-hour day alone (0.8 kWh, 0.11 GBP, both burning hours)
    const day = formatDateText('day', D, 'en-us');
    await page.getByLabel('From (day)').fill(day);
    await page.getByLabel('To (day, included)').fill(formatDateText('day', addDays(D, -1), 'en-us'));
    await page.getByText('The period ends before it starts').waitFor();
    await page.getByLabel('To (day, included)').fill(day);
    await expect.poll(() => summary.textContent()).toContain('Consumption: 0.8\u00a0kWh');
    expect(await summary.textContent()).toContain('Cost: 0.11 GBP');
    expect(await summary.textContent()).toContain('Burning hours: 2\u00a0h');
    await shot(page, 'energy-analytics-period-en');
    await page.context().close();

    const ru = await adminAt(s, browser, '/Analytics', 'ru');
    await choose(ru, 'Год', year);
    const oct = ru.getByTestId('year-comparison').locator('tbody tr').nth(9);
    await expect.poll(async () => oct.textContent(), { timeout: 10_000 }).toBe('окт.—1\u00a0кВт·ч');
    await ru.getByRole('listbox').waitFor({ state: 'hidden' });
    await shot(ru, 'energy-analytics-ru');
    await ru.context().close();
  });

  it('lets the user choose and order the dashboard’s widgets, and keeps them so after a reload', async () => {
    const page = await adminAt(s, browser, '/Dashboard');
    const order = () =>
      page
        .getByTestId('dashboard-widgets')
        .locator(':scope > [data-testid^="widget-"]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')));
    await page.getByTestId('lamps-on').waitFor();
    expect(await page.getByTestId('lamps-on').textContent()).toBe('On: 1');
    expect(await order()).toEqual([
      'widget-lamps',
      'widget-events',
      'widget-commands',
      'widget-today',
      'widget-month',
      'widget-saved',
    ]);
    // the meter read on D alone: today (and this month, unless it is D's) no meter has read, which is said
    const noReadings = (p: typeof page, widget: string, text: string) =>
      expect.poll(() => p.getByTestId(widget).textContent()).toContain(text);
    await noReadings(page, 'widget-today', 'No readings in this period');
    if (new Date().toISOString().slice(0, 7) !== D.slice(0, 7))
      await noReadings(page, 'widget-month', 'No readings in this period');
    await page.getByRole('checkbox', { name: 'Consumption today', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Move up: Energy saved this month' }).click();
    const arranged = ['widget-lamps', 'widget-events', 'widget-commands', 'widget-saved', 'widget-month'];
    expect(await order()).toEqual(arranged);
    await page.reload();
    await page.getByTestId('lamps-on').waitFor();
    expect(await order()).toEqual(arranged);
    await shot(page, 'energy-dashboard-en');
    await page.context().close();

    const ru = await adminAt(s, browser, '/Dashboard', 'ru');
    await ru.getByTestId('lamps-on').waitFor();
    expect(await ru.getByTestId('lamps-on').textContent()).toBe('Включены: 1');
    if (new Date().toISOString().slice(0, 7) !== D.slice(0, 7))
      await noReadings(ru, 'widget-month', 'За этот период показаний нет');
    await shot(ru, 'energy-dashboard-ru');
    await ru.context().close();
  });
  // last: the reading it adds is the meter's newest, which the tests before it do not expect
  it('follows a new reading on the open meter screen as soon as its controller reports it', async () => {
    const page = await adminAt(s, browser, `/Meters/${meter}`);
    const active = page.getByTestId('meter-active');
    await expect.poll(async () => active.textContent(), { timeout: 10_000 }).toContain('1.2\u00a0kW');
    await publishMeterReading(s, secret, { at: at(addDays(D, 1), '01:30'), energy: 1700, power: 150_000 });
    // the screen no longer asks every 10 s: without the live stream's word it would never show this
    await expect.poll(async () => active.textContent(), { timeout: 5_000 }).toContain('1.5\u00a0kW');
    expect(await active.textContent()).toContain('1.7\u00a0kWh');
    await page.context().close();
  });
});
