import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';
import { seriousViolations } from './axe.ts';

// Issue 11 §3: the calendar of day types of a group, set by day and by CSV, in en-us and ru.

let s: TestServer;
let browser: Browser;
const LOGIN = 'calendar-admin';
const READER = 'calendar-reader';
const PASSWORD = 'Lamps-2026';

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const city = (
      await s.call('POST', '/api/v1/Cities', {
        name: { 'en-us': 'Cambridge' },
        lat: 42.37,
        lon: -71.11,
        timezone: 'America/New_York',
      })
    ).body._id;
    const group = (await s.call('POST', '/api/v1/Groups', { name: 'Calendar city', cities: [city] })).body
      ._id;
    await s.call('POST', '/api/v1/Users', {
      login: LOGIN,
      password: PASSWORD,
      group,
      type: 'GROUPADMIN',
      role: await s.plainRole(),
      email: 'calendar@example.org',
    });
    const reader = await s.call('POST', '/api/v1/Roles', {
      name: 'Calendar reader',
      accessRights: { CalendarProfiles: { view: true, list: true } },
    });
    await s.call('POST', '/api/v1/Users', {
      login: READER,
      password: PASSWORD,
      group,
      role: reader.body._id,
      type: 'NORMAL',
      email: 'reader@example.org',
    });
    // the server's Demo group, with a holiday of its own, which the administrator (of no group) must choose to see
    const groups = (await s.call('GET', '/api/v1/Groups?limit=100')).body.data as {
      _id: number;
      name: string;
    }[];
    const demo = groups.find((g) => g.name === 'Demo')!._id;
    await s.call('PATCH', `/api/v1/Groups/${demo}`, { cities: [city] });
    const set = await s.call('POST', '/api/v1/CalendarProfiles', {
      date: DEMO_HOLIDAY,
      type: 'holiday',
      label: 'Demo founders day',
      group: demo,
    });
    if (set.status !== 201 || set.body.group !== demo)
      throw new Error(`Demo's holiday: ${JSON.stringify(set.body)}`);
  },
);

const now = new Date();
const pad = (n: number) => String(n).padStart(2, '0');
const dayOfThisMonth = (d: number) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(d)}`;
const firstSaturday = () => {
  const first = new Date(now.getFullYear(), now.getMonth(), 1).getDay();
  return dayOfThisMonth(1 + ((6 - first + 7) % 7));
};
const HOLIDAY = dayOfThisMonth(18);
const DEMO_HOLIDAY = dayOfThisMonth(9);

async function calendarIn(lang: 'en-us' | 'ru', login = LOGIN, password = PASSWORD): Promise<Page> {
  const page = await openPage(browser, lang);
  page.setDefaultTimeout(20_000);
  await signInAt(page, s.url, login, password, `/Calendar`);
  await page.getByTestId('calendar-period').waitFor();
  return page;
}

/** A dialog done fading in (for the screenshots). */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((d) => getComputedStyle(d).opacity === '1'),
  );

async function uploadBadFile(page: Page, good: string) {
  const csv = `date,type,label\n${good},holiday,Good line\n${dayOfThisMonth(21)},party,Bad line\n`;
  await page
    .getByTestId('calendar-upload-input')
    .setInputFiles({ name: 'days.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const error = page.getByTestId('calendar-line-error');
  await error.waitFor();
  await settled(page);
  return error.textContent();
}

const dayType = async (date: string) =>
  (await s.call('GET', `/api/v1/CalendarProfiles?date=${date}`)).body.data.map(
    (d: { type: string; label?: string }) => [d.type, d.label],
  );

describe('the calendar in Chromium', () => {
  it('sets a day to holiday, keeps it after a reload, and refuses a CSV with a bad line, naming it', async () => {
    const page = await calendarIn('en-us');
    await expect
      .poll(() => page.locator(`[data-day="${firstSaturday()}"]`).textContent())
      .toMatch(/Weekend · by default/);
    await page.locator(`[data-day="${HOLIDAY}"]`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Day type').click();
    await page.getByRole('option', { name: 'Holiday' }).click();
    await dialog.getByLabel('Label').fill('Lamp test day');
    await settled(page);
    await shot(page, 'calendar-day-dialog-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const cell = page.locator(`[data-day="${HOLIDAY}"]`);
    await expect.poll(() => cell.textContent()).toMatch(/Holiday.*Lamp test day/);
    await page.reload();
    await expect.poll(() => cell.textContent()).toMatch(/Holiday.*Lamp test day/);
    expect(await dayType(HOLIDAY)).toEqual([['holiday', 'Lamp test day']]);
    await shot(page, 'calendar-month-en');
    expect(await seriousViolations(page)).toEqual([]);

    expect(await uploadBadFile(page, dayOfThisMonth(20))).toBe('Line 3, type: not valid');
    await shot(page, 'calendar-upload-errors-en');
    expect(await dayType(dayOfThisMonth(20))).toEqual([]);
    await page.context().close();
  });

  it('shows the calendar read-only to a user who may only view it', async () => {
    const page = await calendarIn('en-us', READER);
    await page.getByText('Read only: setting day types needs the right to create and edit them.').waitFor();
    await expect.poll(() => page.locator(`[data-day="${HOLIDAY}"]`).textContent()).toMatch(/Holiday/);
    expect(await page.locator(`[data-day="${HOLIDAY}"]`).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upload CSV' }).count()).toBe(0);
    await page.context().close();
  });

  it('lets the administrator, who sees every group, choose the Demo group and see its holidays, remembered', async () => {
    const page = await calendarIn('en-us', 'admin', ADMIN_PASSWORD);
    const chooser = page.getByTestId('calendar-group').getByRole('combobox');
    // the group admin's holiday is their group's: seen once that group is chosen, and Demo's is not there
    await chooser.click();
    await page.getByRole('option', { name: 'Calendar city' }).click();
    await expect.poll(() => page.locator(`[data-day="${HOLIDAY}"]`).textContent()).toMatch(/Holiday/);
    expect(await page.locator(`[data-day="${DEMO_HOLIDAY}"]`).textContent()).not.toMatch(/Holiday/);
    await chooser.click();
    await page.getByRole('option', { name: 'Demo' }).click();
    const demoDay = page.locator(`[data-day="${DEMO_HOLIDAY}"]`);
    await expect.poll(() => demoDay.textContent()).toMatch(/Holiday.*Demo founders day/);
    expect(await page.locator(`[data-day="${HOLIDAY}"]`).textContent()).not.toMatch(/Holiday/);
    await shot(page, 'calendar-admin-group-en');
    await page.reload();
    await expect.poll(() => demoDay.textContent()).toMatch(/Holiday.*Demo founders day/);
    expect(await chooser.textContent()).toBe('Demo');
    // the shared days every group follows are a choice of their own
    await chooser.click();
    await page.getByRole('option', { name: 'Shared days (every group)' }).click();
    await expect.poll(() => demoDay.textContent()).not.toMatch(/Holiday/);
    await page.context().close();

    const ru = await calendarIn('ru', 'admin', ADMIN_PASSWORD);
    await expect.poll(() => ru.getByTestId('calendar-group').textContent()).toMatch(/^Группа/);
    await ru.getByTestId('calendar-group').getByRole('combobox').click();
    await ru.getByRole('option', { name: 'Demo' }).click();
    await expect
      .poll(() => ru.locator(`[data-day="${DEMO_HOLIDAY}"]`).textContent())
      .toMatch(/Праздник.*Demo founders day/);
    expect(await seriousViolations(ru)).toEqual([]);
    await ru.context().close();
  });

  it('speaks Russian: day types, the year overview and the line report', async () => {
    const page = await calendarIn('ru');
    const month = new Intl.DateTimeFormat('ru', { month: 'long' }).format(now);
    expect((await page.getByTestId('calendar-period').textContent())?.toLowerCase()).toContain(month);
    await expect.poll(() => page.locator(`[data-day="${HOLIDAY}"]`).textContent()).toMatch(/Праздник/);
    await shot(page, 'calendar-month-ru');
    expect(await uploadBadFile(page, dayOfThisMonth(20))).toBe('Строка 3, тип: неверное значение');
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await page.getByRole('button', { name: 'Год', exact: true }).click();
    await page.locator(`[data-month="12"]`).waitFor();
    expect(await page.locator(`[data-day="${HOLIDAY}"]`).getAttribute('title')).toBe(
      'Праздник: Lamp test day',
    );
    await shot(page, 'calendar-year-ru');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
