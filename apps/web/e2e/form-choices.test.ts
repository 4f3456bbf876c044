import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';
import { adminAt, choose, first, helperText, input, save, value } from './form-helpers.ts';

// What a form offers before anything is typed: references by name with their choices, the user's group and city,
// and the new-object wizard's time zone and city.

let s: TestServer;
let browser: Browser;
let city: number;
let group: number;
// an administrator belongs to no group (spec §5): the group and city a form starts with are a group user's
const KEEPER = { login: 'springfield-keeper', password: 'Lamps-2026' };

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const name = { 'en-us': 'Springfield', ru: 'Спрингфилд' };
    city = (await s.call('POST', '/api/v1/Cities', { name, lat: 39.8, lon: -89.64 })).body._id;
    group = (await first(s, 'Groups', 'name=Admin'))._id;
    await s.call('PATCH', `/api/v1/Groups/${group}`, { cities: [city] });
    const keeper = await s.call('POST', '/api/v1/Users', {
      ...KEEPER,
      email: 'keeper@example.org',
      type: 'GROUPADMIN',
      group,
      role: await s.plainRole(),
    });
    if (keeper.status !== 201) throw new Error(JSON.stringify(keeper.body));
    await s.call('POST', '/api/v1/Luminaries', { uid: 'LAMP-1', group });
  },
);

describe('form choices in Chromium', () => {
  it("puts a new record in the user's group and its city, and offers references by name at once", async () => {
    const page = await openPage(browser, 'en-us');
    page.setDefaultTimeout(20_000);
    await signInAt(page, s.url, KEEPER.login, KEEPER.password, '/LuminarySupports/create');
    await expect.poll(() => value(page, 'City')).toBe('Springfield');
    await expect.poll(() => value(page, 'Group')).toBe('Admin');
    await input(page, 'UID').fill('POLE-9');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('combobox', { name: 'Luminary', exact: true }).click();
    await page.getByRole('option', { name: 'LAMP-1', exact: true }).click();
    await shot(page, 'form-choices-en');
    await save(page, 'LuminarySupports');
    const saved = await first(s, 'LuminarySupports', 'uid=POLE-9');
    expect(saved).toMatchObject({ city, group });
    expect(saved.sockets[0].luminary).toBe((await first(s, 'Luminaries', 'uid=LAMP-1'))._id);
  });

  it('falls back to UTC with a notice at sea', async () => {
    const page = await adminAt(s, browser, '/Cities/create');
    await page.locator('input[name="lat"]').fill('0');
    await page.locator('input[name="lon"]').fill('-30');
    await page.getByRole('button', { name: 'Time zone from coordinates' }).click();
    await page.getByText('No time zone found for these coordinates; UTC is used').waitFor();
    expect(await page.locator('input[name="timezone"]').inputValue()).toBe('UTC');
  });

  it("refuses a second city of one name in the wizard, and gives the group its city's zone", async () => {
    const page = await adminAt(s, browser, '/Wizard');
    await input(page, 'Group name').fill('Shelbyville lights');
    await input(page, 'Name in English').fill('springfield ');
    await input(page, 'Latitude').fill('39.41');
    await input(page, 'Longitude').fill('-88.8');
    await input(page, 'Login').fill('shelby');
    await input(page, 'E-mail').fill('shelby@example.org');
    await choose(page, 'Role', 'No rights of its own');
    await page.getByLabel(/^Password/).fill('Shelby-lights-7');
    await input(page, 'Repeat the password').fill('Shelby-lights-7');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => helperText(page, 'city.name.en-us').textContent())
      .toBe('A city of this name already exists');
    await input(page, 'Name in English').fill('Shelbyville');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/Groups');
    const created = await first(s, 'Groups', 'name=Shelbyville%20lights');
    expect(created.timezone).toBe('America/Chicago');
  });
});
