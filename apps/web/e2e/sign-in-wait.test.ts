import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage } from './console-session.ts';

// After repeated failed sign-ins the server makes the next attempt wait (apps/server/src/auth/login-throttle.ts):
// the login page says how long, in the user's language, and the right password gets in after the wait.

let s: TestServer;
let browser: Browser;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    await s.call('POST', '/api/v1/Users', {
      login: 'night',
      password: 'Lamps-2026',
      type: 'ADMIN',
      role: await s.plainRole(),
      email: 'night@example.org',
    });
  },
);

describe('signing in after failures, in Chromium', () => {
  it('says how long to wait, then lets the right password in', async () => {
    const page = await openPage(browser, 'ru');
    await page.goto(s.url + '/');
    await page.getByLabel('Логин').fill('night');
    await page.getByLabel('Пароль').fill('Lamps-2026');
    for (let i = 0; i < 5; i++)
      expect(
        (await s.anonymous().call('POST', '/auth/sign-in', { login: 'night', password: 'wrong-2026' }))
          .status,
      ).toBe(401);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Слишком много неудачных попыток: повторите через 1 с').waitFor();
    await shot(page, 'sign-in-wait-ru');
    await page.waitForTimeout(1100);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/Map');
  });
});
