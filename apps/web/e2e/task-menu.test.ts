import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';

let s: TestServer;
let browser: Browser;
consoleForSuite((running) => ({ s, browser } = running));

const WORDS = {
  'en-us': {
    sections: ['Network', 'Lighting', 'Energy', 'Events', 'Administration'],
    network: 'Network',
    admin: 'Administration',
    cabinets: 'Cabinets',
    users: 'Users',
  },
  ru: {
    sections: ['Сеть', 'Освещение', 'Энергия', 'События', 'Администрирование'],
    network: 'Сеть',
    admin: 'Администрирование',
    cabinets: 'Шкафы управления',
    users: 'Пользователи',
  },
} as const;

const section = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

describe('the menu grouped by task', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    it(`shows the tasks, folds one and remembers it after a reload (${lang})`, async () => {
      const w = WORDS[lang];
      const page = await openPage(browser, lang);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/About');
      for (const name of w.sections) await section(page, name).waitFor();
      await shot(page, `h15-menu-${lang}`);
      // only screens that exist: no entry leads to a page that is not there
      await page.getByRole('menuitem', { name: w.cabinets }).waitFor();
      const hrefs = await page
        .locator('a[role=menuitem], [role=menuitem] a')
        .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      for (const path of ['/Cabinets', '/Reports', '/Events', '/Commands', '/PowerSchedule', '/Import'])
        expect(hrefs).toContain(path);
      await shot(page, `h15-menu-${lang}`);

      await page.getByRole('menuitem', { name: w.cabinets }).click();
      await page.waitForURL('**/Cabinets');

      await section(page, w.admin).click();
      await expect.poll(() => page.getByRole('menuitem', { name: w.users }).count()).toBe(0);
      expect(await section(page, w.admin).getAttribute('aria-expanded')).toBe('false');
      await page.reload();
      await section(page, w.network).waitFor();
      await page.getByRole('menuitem', { name: w.cabinets }).waitFor();
      expect(await page.getByRole('menuitem', { name: w.users }).count()).toBe(0);
      expect(await section(page, w.admin).getAttribute('aria-expanded')).toBe('false');

      await section(page, w.admin).click();
      await page.getByRole('menuitem', { name: w.users }).click();
      await page.waitForURL('**/Users');
      await page.context().close();
    });
  }

  it('keeps the folded task when a reload cuts the session check short, or the check gets no answer', async () => {
    const w = WORDS['en-us'];
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/About');
    await section(page, w.admin).click();
    await expect.poll(() => page.getByRole('menuitem', { name: w.users }).count()).toBe(0);
    await page.route('**/auth/me', (route) => route.abort('connectionreset'));
    await page.reload();
    await section(page, w.network).waitFor();
    await page.getByRole('menuitem', { name: w.cabinets }).waitFor();
    expect(await page.getByRole('menuitem', { name: w.users }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();
    await page.unroute('**/auth/me');
    // a session the server no longer knows still ends at the root, the stored state forgotten
    await page.context().clearCookies();
    await page.reload();
    await page.waitForURL(s.url + '/');
    await page.getByRole('heading', { name: 'Authorization' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.context().close();
  });
});
