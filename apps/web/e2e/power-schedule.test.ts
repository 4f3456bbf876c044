import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';

// Issue 12: the power schedule screen: a day edited in place, a month filled from twilight, the workbook
// downloaded, changed and uploaded back, a refused line reported; in en-us and ru.

let s: TestServer;
let browser: Browser;
let controller: number;
let cabinet: number;
const LOGIN = 'schedule-admin';
const PASSWORD = 'Lamps-2026';
const YEAR = new Date().getFullYear();
const MARCH = `${YEAR}-03`;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const city = (
      await s.call('POST', '/api/v1/Cities', {
        name: { 'en-us': 'Berlin', ru: 'Берлин' },
        lat: 52.52,
        lon: 13.4,
        timezone: 'Europe/Berlin',
      })
    ).body._id;
    const group = (await s.call('POST', '/api/v1/Groups', { name: 'Schedule city', cities: [city] })).body
      ._id;
    await s.call('POST', '/api/v1/Users', {
      login: LOGIN,
      password: PASSWORD,
      group,
      type: 'GROUPADMIN',
      role: await s.plainRole(),
      email: 'schedule@example.org',
    });
    controller = (
      await s.call('POST', '/api/v1/Controllers', { uid: 'CAB-BER-7', mac: 'AA:BB:CC:00:77:01', city, group })
    ).body._id;
    const made = await s.call('POST', '/api/v1/Cabinets', { uid: 'CAB-7', controller, city, group });
    if (made.status !== 201) throw new Error(JSON.stringify(made.body));
    cabinet = made.body._id;
  },
);

async function scheduleIn(lang: 'en-us' | 'ru'): Promise<Page> {
  const page = await openPage(browser, lang);
  page.setDefaultTimeout(20_000);
  await signInAt(page, s.url, LOGIN, PASSWORD, `/PowerSchedule?controller=${controller}`);
  await page.getByTestId(`schedule-month-${MARCH}`).click();
  await page.getByTestId('schedule-month').waitFor();
  return page;
}
const stored = async (day: number) => {
  const [rec] = (await s.call('GET', `/api/v1/ControllerSchedule?controller=${controller}&month=${MARCH}`))
    .body.data as { timeData: { day: number; off?: string; on?: string }[] }[];
  return rec?.timeData.find((d) => d.day === day);
};
const time = (page: Page, key: 'Off' | 'On' | 'Отключение' | 'Включение', day: number) =>
  page.getByLabel(`${key} ${MARCH}-${String(day).padStart(2, '0')}`);

describe('power schedule screen', () => {
  it('fills a month from twilight, takes a day edited in place, and round-trips the workbook (en-us)', async () => {
    const page = await scheduleIn('en-us');
    await page.getByRole('button', { name: 'Fill month' }).click();
    // times as English writes them
    await expect.poll(() => time(page, 'On', 15).inputValue(), { timeout: 10_000 }).toMatch(/^06:\d\d PM$/);
    await time(page, 'Off', 15).fill('6:11 AM');
    await page.getByRole('button', { name: 'Save month' }).click();
    await expect.poll(() => stored(15), { timeout: 10_000 }).toMatchObject({ off: '05:11' });
    expect((await stored(31))?.on).toMatch(/^1[78]:/);
    await expect.poll(() => page.getByTestId(`schedule-month-${MARCH}`).textContent()).toContain('31 days');
    await shot(page, 'power-schedule-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Excel' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ExcelJS.Buffer);
    const sheet = book.getWorksheet(MARCH)!;
    expect(sheet.getCell('B3').value).toBe('Europe/Berlin');
    // row 5 is the header, the 1st of March row 6: the 20th is row 25
    sheet.getCell('C25').value = new Date('1899-12-30T21:30:00Z');
    await page.getByTestId('schedule-upload-input').setInputFiles({
      name: 'schedule.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await expect(page.getByTestId('schedule-upload-report').textContent()).resolves.toContain(
      '31 days written',
    );
    await expect.poll(() => stored(20)).toMatchObject({ on: '20:30' });
    await shot(page, 'power-schedule-upload-en');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => time(page, 'On', 20).inputValue()).toBe('09:30 PM');
  });

  it('reports the lines of a file it did not write, in Russian', async () => {
    const page = await scheduleIn('ru');
    await page.getByText('График включения', { exact: true }).first().waitFor();
    const csv = `дата;отключение;включение\n30-02-${YEAR};06:00;18:00\n21-03-${YEAR};25:00;18:40\n22-03-${YEAR};06:05;18:45\n`;
    await page
      .getByTestId('schedule-upload-input')
      .setInputFiles({ name: 'schedule.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const lines = page.getByTestId('schedule-line');
    await expect
      .poll(() => lines.allTextContents())
      .toEqual([
        'Строка 2: дата — неверное значение, пропущена',
        'Строка 3: время отключения — неверное значение, отклонена',
      ]);
    await expect.poll(() => stored(22)).toMatchObject({ off: '05:05', on: '17:45' });
    await shot(page, 'power-schedule-upload-ru');
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await page.getByLabel('Сдвиг включения, мин').fill('-10');
    await page.getByRole('button', { name: 'Заполнить год' }).click();
    const months = async () =>
      (
        await s.call(
          'GET',
          `/api/v1/ControllerSchedule?controller=${controller}&month_gte=${YEAR}-01&month_lte=${YEAR}-12&limit=12`,
        )
      ).body.data.length;
    await expect.poll(months, { timeout: 15_000 }).toBe(12);
    await expect.poll(() => page.getByTestId(`schedule-month-${YEAR}-07`).textContent()).toContain('31 день');
    await shot(page, 'power-schedule-ru');
  });

  it('shows on the cabinet’s screen tonight’s times and that they come from the schedule', async () => {
    for (const lang of ['en-us', 'ru'] as const) {
      const page = await openPage(browser, lang);
      page.setDefaultTimeout(20_000);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, `/Cabinets/${cabinet}/show`);
      const card = page.getByTestId('cabinet-tonight');
      await expect
        .poll(() => card.textContent())
        .toMatch(
          lang === 'en-us'
            ? /On \d\d:\d\d [AP]M, off \d\d:\d\d [AP]M.*From the power schedule/
            : /Включение \d\d:\d\d.*По графику включения/,
        );
      await shot(page, `power-schedule-cabinet-${lang}`);
    }
  });
});
