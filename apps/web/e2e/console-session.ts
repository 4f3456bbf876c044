import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the browser tests drive the real server, as the HTTP tests do
import { startServer, type TestServer } from '../../server/test/harness.ts';
import { launch } from './browser.ts';
import { WEB_DIST } from './global-setup.ts';

/** A fresh browser context in one language (the stored `lang` wins over the browser's, as in the console). */
export async function openPage(browser: Browser, lang: 'en-us' | 'ru'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang });
  await context.addInitScript((l) => localStorage.getItem('lang') || localStorage.setItem('lang', l), lang);
  return context.newPage();
}

export async function signIn(page: Page, url: string, login: string, password: string) {
  await page.goto(url + '/');
  await page.getByLabel(/Login|Логин/).fill(login);
  await page.getByLabel(/Password|Пароль/).fill(password);
  await page.getByRole('button', { name: /Sign in|Войти/ }).click();
  await page.waitForURL('**/Map');
}

export const rows = (page: Page) => page.locator('tbody tr.RaDatagrid-row');

/**
 * The console as one suite needs it: the server with the built web app (seeded by `prepare`) and Chromium,
 * started before the suite's tests and closed after them. `use` receives both once they are up.
 */
export function consoleForSuite(
  use: (running: { s: TestServer; browser: Browser }) => void,
  prepare?: (s: TestServer) => Promise<void>,
  timeoutMs = 120_000,
  config: Parameters<typeof startServer>[0] = {},
) {
  let running: { s: TestServer; browser?: Browser } | undefined;
  beforeAll(async () => {
    const s = await startServer({ ...config, webDist: WEB_DIST });
    running = { s };
    await prepare?.(s);
    running.browser = await launch();
    use({ s, browser: running.browser });
  }, timeoutMs);
  afterAll(async () => {
    await running?.browser?.close();
    await running?.s.close();
  });
}
