import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { entity } from '@sl/domain';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- valid records for any entity, built from the registry
import { Samples } from '../../server/test/samples.ts';
import { DETAIL_SECTIONS } from '../src/navigation/detail-sections.ts';
import { shot } from './browser.ts';
import { openPage, signIn, signInAt, consoleForSuite } from './console-session.ts';

let s: TestServer;
let browser: Browser;
const ids: Record<string, number> = {};

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const samples = new Samples(s);
    for (const section of DETAIL_SECTIONS.filter((d) => d !== 'Reports'))
      ids[section] = (await samples.idOf(entity(section).name))!;
  },
  180_000,
);

const currentItem = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('RaStore.sl.currentItem') ?? 'undefined'));

describe('routes of spec §2 in Chromium', () => {
  it('sends a visitor without a session to the root and removes stale auth data', async () => {
    const page = await openPage(browser, 'en-us');
    await page.goto(s.url + '/');
    await page.evaluate(() =>
      localStorage.setItem('user', JSON.stringify({ _id: 1, login: 'ghost', type: 'ADMIN' })),
    );
    await page.goto(s.url + '/Luminaries');
    await page.waitForURL(s.url + '/');
    await page.getByRole('button', { name: 'Demo' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  it('says a refused sign-in in the chosen language', async () => {
    const page = await openPage(browser, 'ru');
    await page.goto(s.url + '/');
    await page.getByLabel('Логин').fill('admin');
    await page.getByLabel('Пароль').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').getByText('Ошибка авторизации').waitFor();
    expect(page.url()).toBe(s.url + '/');
  });

  it('signs out: stored data cleared and the login page loaded anew', async () => {
    const page = await openPage(browser, 'en-us');
    await signIn(page, s.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: /^admin( \(Admin\))?$/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(s.url + '/');
    await page.getByRole('heading', { name: 'Authorization' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('RaStore'))),
    ).toEqual([]);
    expect((await page.context().cookies()).some((c) => c.name === 'sid')).toBe(false);
  });

  // a full load of the console per section: minutes on a loaded CI machine
  it('opens every detail screen by id and records it as the current item', async () => {
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/About');
    for (const [section, id] of Object.entries(ids)) {
      await page.goto(`${s.url}/${section}/${id}`);
      await page.getByRole('button', { name: 'Save' }).waitFor();
      expect(await currentItem(page), section).toEqual({ section, id: String(id) });
    }
    await shot(page, 'detail-en');
    await page.goto(`${s.url}/Reports/${ids.Meters}`);
    await page.getByRole('heading', { level: 1, name: `Reports · ${ids.Meters}` }).waitFor();
    expect(await currentItem(page)).toEqual({ section: 'Reports', id: String(ids.Meters) });

    await page.goto(`${s.url}/Luminaries`);
    await page.getByRole('link', { name: 'Create' }).waitFor();
    expect(await currentItem(page)).toBeNull();
  }, 180_000);

  it('has the Calendar, Dashboard, Analytics, About and Licensing screens, and the list route', async () => {
    const page = await openPage(browser, 'ru');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/About');
    for (const [path, heading] of [
      ['/Calendar', 'Календарь'],
      ['/Dashboard', 'Панель'],
      ['/Analytics', 'Аналитика'],
      ['/About', 'Консоль уличного освещения'],
      ['/Licensing', 'Лицензии'],
    ]) {
      await page.goto(s.url + path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await page.getByRole('cell', { name: 'react-admin' }).waitFor();
    // the inventories and the offline base map's roads and districts are PDDL data
    expect(await page.getByText(/PDDL 1\.0/).count()).toBeGreaterThanOrEqual(2);
    await shot(page, 'licensing-ru');
    await page.goto(s.url + '/list/Vendors');
    await page.waitForURL('**/Vendors');
    await page.goto(s.url + '/list/Nothing');
    await page.getByRole('heading', { level: 1, name: 'Страница не найдена' }).waitFor();
  });

  it('reports a screen whose script does not load, in the user language', async () => {
    const page = await openPage(browser, 'ru');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Vendors');
    await page.route('**/assets/about-screen-*.js', (route) => route.abort());
    await page.getByRole('menuitem', { name: 'О программе' }).click();
    await page.getByText(/ChunkLoadError: часть консоли не загрузилась/).waitFor();
    await shot(page, 'chunk-error-ru');

    const fresh = await openPage(browser, 'en-us');
    await fresh.route('**/assets/login-app-*.js', (route) => route.abort());
    await fresh.goto(s.url + '/');
    await fresh
      .getByRole('alert')
      .getByText(/^ChunkLoadError: a part of the console could not be loaded/)
      .waitFor();
  });

  it('signs out on a 403 from the server: Permission denied, user data cleared, back at the root', async () => {
    const group = (await s.call('POST', '/api/v1/Groups', { name: 'Route test group' })).body._id;
    const role = (
      await s.call('POST', '/api/v1/Roles', {
        name: 'Vendor reader',
        accessRights: { LuminaryModels: { view: true, list: true } },
      })
    ).body._id;
    await s.call('POST', '/api/v1/Users', {
      login: 'reader',
      password: 'Reader-pass-1',
      type: 'NORMAL',
      group,
      role,
      email: 'reader@example.org',
    });
    await s.call('POST', '/api/v1/Vendors', { name: 'Seen before the 403' });
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'reader', 'Reader-pass-1', '/Vendors');
    await page.getByRole('cell', { name: 'Seen before the 403' }).waitFor();

    await s.call('PATCH', `/api/v1/Roles/${role}`, { accessRights: {} });
    await page.waitForTimeout(1500); // the server believes a checked session for 1 s
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForURL(s.url + '/');
    await page.getByRole('alert').getByText('Permission denied').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await shot(page, 'permission-denied-en');
  });
});
