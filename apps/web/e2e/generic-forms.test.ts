import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { openPage, rows, signInAt, consoleForSuite } from './console-session.ts';

let s: TestServer;
let browser: Browser;
let support: number;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    await s.call('POST', '/api/v1/Vendors', { name: 'Philips' });
    const gone = (await s.call('POST', '/api/v1/Vendors', { name: 'Gone vendor' })).body._id;
    await s.call('DELETE', `/api/v1/Vendors/${gone}`);
    support = (await s.call('POST', '/api/v1/LuminarySupports', { uid: 'POLE-1', socketCount: 2 })).body._id;
  },
);

describe('generic screens in Chromium', () => {
  it('edits a point and a list of sockets from the declaration', async () => {
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, `/LuminarySupports/${support}`);
    await page.getByLabel('Latitude').fill('42.3736121');
    await page.getByLabel('Longitude').fill('-71.1097');
    // the most sockets the post takes (spec §3), which its socket count may not pass
    await page.getByLabel('Max sockets').fill('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter max sockets').first().waitFor();
    await page.getByLabel('Max sockets').fill('2');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByLabel('Phase').click();
    await page.getByRole('option', { name: 'B', exact: true }).click();
    await shot(page, 'sockets-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/LuminarySupports');
    const saved = (await s.call('GET', `/api/v1/LuminarySupports/${support}`)).body;
    expect(saved.location).toEqual({ type: 'Point', coordinates: [-71.1097, 42.373612] });
    expect(saved.sockets).toMatchObject([{ phase: 2 }]);
    expect(saved.maxSockets).toBe(2);
  });

  it('says a server error in Russian, for 10 s, with a close action', async () => {
    const page = await openPage(browser, 'ru');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Vendors/create');
    await page.getByLabel('Название').fill('Philips');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    // the notice; the name field carries the same words (form-errors.test.ts)
    const message = page.locator('.MuiSnackbar-root').getByText('Уже существует');
    await message.waitFor();
    await shot(page, 'error-ru');
    await page.waitForTimeout(6000); // react-admin's own default would have hidden it after 4 s
    expect(await message.isVisible()).toBe(true);
    await page.locator('.MuiSnackbar-root').getByRole('button', { name: 'Закрыть' }).click();
    await message.waitFor({ state: 'hidden' });
  });

  it('remembers the chosen columns and shows deleted rows to whoever may see them', async () => {
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/LuminarySupports');
    await page.getByRole('cell', { name: 'POLE-1' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Address' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByLabel('Address').check();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('columnheader', { name: 'Address' }).waitFor();

    await page.goto(s.url + '/Vendors');
    await page.getByRole('cell', { name: 'Philips' }).waitFor();
    expect(await rows(page).count()).toBe(1);

    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText('Show deleted').click();
    await page.getByLabel('Show deleted').check();
    await page.getByRole('cell', { name: 'Gone vendor' }).waitFor();
  });
});
