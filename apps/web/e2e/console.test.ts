import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { openPage, rows, signIn as signInAt, consoleForSuite } from './console-session.ts';

let s: TestServer;
let browser: Browser;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    for (let i = 1; i <= 12; i++)
      await s.call('POST', '/api/v1/Vendors', { name: `Vendor ${String(i).padStart(2, '0')}` });
  },
);

const open = (lang: 'en-us' | 'ru'): Promise<Page> => openPage(browser, lang);
const signIn = (page: Page, login: string, password: string) => signInAt(page, s.url, login, password);

describe('console in Chromium', () => {
  it('signs the admin in, lands on the Map, and manages lamp models', async () => {
    const page = await open('en-us');
    await page.goto(s.url + '/');
    await page.getByRole('button', { name: 'Demo' }).waitFor();
    const icon = await page.evaluate(async () => {
      const res = await fetch(document.querySelector<HTMLLinkElement>('link[rel=icon]')!.href);
      return res.headers.get('content-type');
    });
    expect(icon).toContain('image/svg+xml');
    await shot(page, 'login-en');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('menuitem', { name: 'Map' }).waitFor();
    await shot(page, 'map-en');

    await page.goto(s.url + '/Vendors');
    await page.getByRole('cell', { name: 'Vendor 01' }).waitFor();
    expect(await rows(page).count()).toBe(10);
    await shot(page, 'list-en');

    await page.goto(s.url + '/Vendors/create');
    await page.getByRole('textbox', { name: 'Name' }).fill('Signify e2e');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/Vendors');

    await page.goto(s.url + '/LuminaryModels');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill('E2E-1');
    await page.getByRole('textbox', { name: 'Name' }).fill('Street 60W');
    await page.getByLabel('Vendor').fill('Signify');
    await page.getByRole('option', { name: 'Signify e2e' }).click();
    await shot(page, 'form-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/LuminaryModels');
    await page.getByRole('cell', { name: 'Street 60W' }).click();

    await page.waitForURL(/LuminaryModels\/\d+$/);
    await page.getByRole('textbox', { name: 'Name' }).fill('Street 80W');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Street 80W' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Signify e2e' }).count()).toBe(1);

    await page.getByRole('cell', { name: 'Street 80W' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/LuminaryModels');
    await page
      .getByText('No Lamp models yet')
      .or(page.getByText(/No .* yet|No results/))
      .first()
      .waitFor();
    expect(await page.getByRole('cell', { name: 'Street 80W' }).count()).toBe(0);

    await page.goto(s.url + '/no-such-screen');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await shot(page, 'not-found-en');
  });

  it('switches to Russian', async () => {
    const page = await open('en-us');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('menuitem', { name: 'Map' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).waitFor();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    await page.getByRole('menuitem', { name: 'Карта' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
    expect(await page.evaluate(() => document.cookie)).toContain('lang=ru');
    await shot(page, 'map-ru');

    await page.getByRole('menuitem', { name: 'Модели светильников' }).click();
    await page.waitForURL('**/LuminaryModels');
    await page.getByRole('link', { name: 'Создать' }).waitFor();
    await shot(page, 'list-ru');
    await page.goto(s.url + '/Vendors/create');
    await page.getByLabel('Название').waitFor();
    await shot(page, 'form-ru');
    await page.goto(s.url + '/nowhere');
    await page.getByRole('heading', { level: 1, name: 'Страница не найдена' }).waitFor();

    const fresh = await open('ru');
    await fresh.goto(s.url + '/');
    await fresh.getByRole('button', { name: 'Демо' }).waitFor();
    await shot(fresh, 'login-ru');
  });

  it('gives the demo user a read-only console', async () => {
    const page = await open('en-us');
    await page.goto(s.url + '/');
    await page.getByRole('button', { name: 'Demo' }).click();
    await page.waitForURL('**/Map');
    await page.goto(s.url + '/Vendors');
    await page.getByRole('cell', { name: 'Vendor 01' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    await page.getByRole('cell', { name: 'Vendor 01' }).click();
    await page.waitForURL(/Vendors\/\d+\/show$/);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await shot(page, 'demo-show-en');

    // the detail route of spec §2 shows the record to whoever may not edit it
    await page.goto(page.url().replace(/\/show$/, ''));
    await page.getByText('Vendor 01', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  });

  it("groups the digits of a list's count as the chosen language does", async () => {
    await s.sql(`insert into types (name) select 'Road ' || n from generate_series(1, 1234) n`);
    for (const [lang, range] of [
      ['en-us', '1-10 of 1,234'],
      ['ru', '1-10 из 1\u00a0234'],
    ] as const) {
      const page = await open(lang);
      await signIn(page, 'admin', ADMIN_PASSWORD);
      await page.goto(s.url + '/Types');
      await page.getByText(range, { exact: true }).waitFor();
      await page.close();
    }
  });
});
