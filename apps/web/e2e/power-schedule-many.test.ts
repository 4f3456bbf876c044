import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';

// Issue 12: the power schedule screen for several cabinet controllers at once: chosen in the screen, a month saved
// for each in its own city's time, one workbook downloaded with a sheet each, changed and uploaded back; a
// cabinet in MANUAL named as ignoring the schedule, on the screen and beside the cabinet; en-us and ru.

let s: TestServer;
let browser: Browser;
let berlinCtl: number;
let nyCtl: number;
let nyCabinet: number;
const LOGIN = 'schedule-many';
const PASSWORD = 'Lamps-2026';
const JUNE = `${new Date().getFullYear()}-06`;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const city = async (en: string, ru: string, timezone: string, lat: number, lon: number) =>
      (await s.call('POST', '/api/v1/Cities', { name: { 'en-us': en, ru }, lat, lon, timezone })).body._id;
    const berlin = await city('Berlin', 'Берлин', 'Europe/Berlin', 52.52, 13.4);
    const ny = await city('New York', 'Нью-Йорк', 'America/New_York', 40.71, -74);
    const group = (await s.call('POST', '/api/v1/Groups', { name: 'Two cities', cities: [berlin, ny] })).body
      ._id;
    await s.call('POST', '/api/v1/Users', {
      login: LOGIN,
      password: PASSWORD,
      group,
      type: 'GROUPADMIN',
      role: await s.plainRole(),
      email: 'schedules@example.org',
    });
    const ctl = async (uid: string, cityId: number, mac: string) =>
      (await s.call('POST', '/api/v1/Controllers', { uid, mac, city: cityId, group })).body._id as number;
    berlinCtl = await ctl('CAB-BER-8', berlin, 'AA:BB:CC:00:88:01');
    nyCtl = await ctl('CAB-NY-8', ny, 'AA:BB:CC:00:88:02');
    const made = await s.call('POST', '/api/v1/Cabinets', {
      uid: 'CAB-8',
      controller: nyCtl,
      city: ny,
      group,
    });
    if (made.status !== 201) throw new Error(JSON.stringify(made.body));
    nyCabinet = made.body._id;
    // as the controllers last reported: Berlin's key on AUTO (bit 1), New York's on MANUAL
    await s.sql('update controllers set iostate = 2 where _id = $1', [berlinCtl]);
    await s.sql('update controllers set iostate = 0 where _id = $1', [nyCtl]);
  },
);

const stored = async (controller: number, day: number) => {
  const [rec] = (await s.call('GET', `/api/v1/ControllerSchedule?controller=${controller}&month=${JUNE}`))
    .body.data as { timeData: { day: number; off?: string; on?: string }[] }[];
  return rec?.timeData.find((d) => d.day === day);
};

async function screenIn(lang: 'en-us' | 'ru'): Promise<Page> {
  const page = await openPage(browser, lang);
  page.setDefaultTimeout(20_000);
  await signInAt(page, s.url, LOGIN, PASSWORD, `/PowerSchedule`);
  return page;
}

describe('power schedule of several controllers', () => {
  it('chooses two, saves a month for each in its own time, round-trips one workbook (en-us)', async () => {
    const page = await screenIn('en-us');
    await page.getByRole('combobox', { name: 'Controllers' }).click();
    await page.getByRole('option', { name: 'CAB-BER-8' }).click();
    await page.getByRole('option', { name: 'CAB-NY-8' }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('controllers'))
      .toBe(`${berlinCtl},${nyCtl}`);
    await expect
      .poll(() => page.getByTestId('schedule-many').textContent())
      .toContain('2 controllers: the year and month shown are CAB-BER-8’s');
    await expect
      .poll(() => page.getByTestId('schedule-manual').textContent())
      .toBe('In MANUAL mode, ignoring the schedule: CAB-NY-8');
    await shot(page, 'hd-schedule-many-top-en');

    await page.getByTestId(`schedule-month-${JUNE}`).click();
    await page.getByLabel(`On ${JUNE}-10`).fill('21:30');
    await page.getByLabel(`Off ${JUNE}-10`).fill('05:00');
    await page.getByRole('button', { name: 'Save month' }).click();
    // 21:30 in Berlin (UTC+2 in June) and in New York (UTC−4)
    await expect.poll(() => stored(berlinCtl, 10)).toEqual({ day: 10, off: '03:00', on: '19:30' });
    await expect.poll(() => stored(nyCtl, 10)).toEqual({ day: 10, off: '09:00', on: '01:30' });
    await shot(page, 'hd-schedule-many-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Excel' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['CAB-BER-8', 'CAB-NY-8']);
    const nySheet = book.getWorksheet('CAB-NY-8')!;
    expect(nySheet.getCell('B3').value).toBe('America/New_York');
    expect((nySheet.getCell('A6').value as Date).toISOString().slice(0, 10)).toBe(`${JUNE}-10`);
    nySheet.getCell('C6').value = new Date('1899-12-30T22:00:00Z');
    await page.getByTestId('schedule-upload-input').setInputFiles({
      name: 'schedules.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await expect(page.getByTestId('schedule-upload-report').textContent()).resolves.toContain(
      '2 days written',
    );
    await expect.poll(() => stored(nyCtl, 10)).toMatchObject({ on: '02:00' });
    expect(await stored(berlinCtl, 10)).toMatchObject({ on: '19:30' });
    await shot(page, 'hd-schedule-many-upload-en');

    // a range filled from each controller's own twilight (MID: Berlin's June dusk near 21:50 local, 19:50 UTC;
    // New York's near 20:50 local, 00:50 UTC); the days outside it keep their times
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('From', { exact: true }).fill(`${JUNE}-12`);
    await page.getByLabel('To', { exact: true }).fill(`${JUNE}-14`);
    await page.getByRole('button', { name: 'Fill range' }).click();
    await expect
      .poll(() => page.getByText(/^The days from 6\/12\/\d{4} to 6\/14\/\d{4} are filled and saved$/).count())
      .toBe(1);
    await expect.poll(async () => (await stored(berlinCtl, 13))?.on).toMatch(/^19:[3-5]\d$/);
    await expect.poll(async () => (await stored(nyCtl, 13))?.on).toMatch(/^00:[3-5]\d$/);
    expect((await stored(berlinCtl, 15))?.on).toBeUndefined();
    expect(await stored(nyCtl, 10)).toMatchObject({ on: '02:00' });
    expect(await stored(berlinCtl, 10)).toMatchObject({ on: '19:30' });
    await page.getByLabel('To', { exact: true }).fill(`${JUNE}-01`);
    await expect.poll(() => page.getByRole('button', { name: 'Fill range' }).isDisabled()).toBe(true);
    await shot(page, 'hd-schedule-fill-range-en');
  });

  it('says the same in Russian and fills a month for each from its own city’s twilight', async () => {
    const page = await screenIn('ru');
    await page.goto(`${s.url}/PowerSchedule?controllers=${nyCtl},${berlinCtl}`);
    await expect
      .poll(() => page.getByTestId('schedule-many').textContent())
      .toContain('Контроллеров: 2. Показаны год и месяц CAB-NY-8');
    await expect
      .poll(() => page.getByTestId('schedule-manual').textContent())
      .toBe('В ручном режиме (MANUAL), график не выполняется: CAB-NY-8');
    await page.getByTestId(`schedule-month-${JUNE}`).waitFor();
    await shot(page, 'hd-schedule-many-top-ru');
    await page.getByTestId(`schedule-month-${JUNE}`).click();
    await page.getByRole('button', { name: 'Заполнить месяц' }).click();
    // New York's June dusk, shown, is after 20:00 local
    await expect.poll(() => page.getByLabel(`Включение ${JUNE}-20`).inputValue()).toMatch(/^20:/);
    const on = await page.getByLabel(`Включение ${JUNE}-20`).inputValue();
    await page.getByRole('button', { name: 'Сохранить месяц' }).click();
    await expect.poll(async () => (await stored(berlinCtl, 20))?.on).toBeDefined();
    const utc = (hhmm: string, offset: number) => {
      const [h, m] = hhmm.split(':').map(Number) as [number, number];
      const mins = ((((h - offset) * 60 + m) % 1440) + 1440) % 1440;
      return `${String(Math.floor(mins / 60)).padStart(2, '0')}:${String(mins % 60).padStart(2, '0')}`;
    };
    expect((await stored(nyCtl, 20))?.on).toBe(utc(on, -4));
    // Berlin's own dusk (after 21:00 local in June), not New York's local time shown
    const berlinDusk = (
      await s.call(
        'GET',
        `/api/v2/controller-schedule/${berlinCtl}/twilight?from=${JUNE}-20&to=${JUNE}-20&method=MID&onOffset=0&offOffset=0`,
      )
    ).body.result.days[0].on as string;
    expect(berlinDusk).toMatch(/^2[12]:/);
    expect((await stored(berlinCtl, 20))?.on).toBe(utc(berlinDusk, 2));
    // a day edited by hand is the same local time for both
    await page.getByLabel(`Включение ${JUNE}-21`).fill('22:15');
    await page.getByRole('button', { name: 'Сохранить месяц' }).click();
    await expect.poll(async () => (await stored(berlinCtl, 21))?.on).toBe('20:15');
    await expect.poll(async () => (await stored(nyCtl, 21))?.on).toBe('02:15');
    // the days left as filled are still each controller's own twilight after the second save
    expect((await stored(berlinCtl, 20))?.on).toBe(utc(berlinDusk, 2));
    expect((await stored(nyCtl, 20))?.on).toBe(utc(on, -4));
    await shot(page, 'hd-schedule-many-ru');
  });

  it('warns beside a cabinet in MANUAL that it ignores the schedule', async () => {
    for (const lang of ['en-us', 'ru'] as const) {
      // as the group's administrator, who may not see cities: the screen must not ask for one (a 403 signs out)
      const page = await openPage(browser, lang);
      page.setDefaultTimeout(20_000);
      await signInAt(page, s.url, LOGIN, PASSWORD, `/Cabinets/${nyCabinet}/show`);
      await expect
        .poll(() => page.getByTestId('cabinet-manual').textContent())
        .toBe(
          lang === 'en-us'
            ? 'The cabinet is in MANUAL mode: it ignores the schedule, its contactors are worked by hand'
            : 'Шкаф в ручном режиме (MANUAL): график не выполняется, контакторы управляются вручную',
        );
      await expect
        .poll(() => page.getByTestId('cabinet-tonight').textContent())
        .toContain(
          lang === 'en-us' ? 'no lamps with a program: dusk to dawn on MID' : 'от заката до рассвета по MID',
        );
      await shot(page, `hd-schedule-cabinet-manual-${lang}`);
      // still signed in, on the cabinet's screen: nothing it asked for was refused
      expect(page.url()).toContain(`/Cabinets/${nyCabinet}/show`);
      expect(await page.getByText(lang === 'en-us' ? 'Permission denied' : 'Доступ запрещён').count()).toBe(
        0,
      );
    }
  });
});
