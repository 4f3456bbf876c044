import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the browser tests drive the real server, as the HTTP tests do
import { startServer, type TestServer } from '../../server/test/harness.ts';
import { closePages, launch } from './browser.ts';
import { useStreets, type Streets } from './streets.ts';
import { WEB_DIST } from './global-setup.ts';

/** A fresh browser context in one language (the stored `lang` wins over the browser's, as in the console). */
export async function openPage(
  browser: Browser,
  lang: 'en-us' | 'ru',
  streets: Streets = 'one road',
): Promise<Page> {
  // reduced motion: MapLibre moves the map at once, not through a second of frames SwiftShader draws on the CPU
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: lang,
    reducedMotion: 'reduce',
  });
  await useStreets(context, streets);
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

/**
 * Signs in through the API, as the login form does (the session and CSRF cookies, the stored profile), and opens
 * `path`: without the map page the form lands on, whose drawing in SwiftShader costs seconds a screen test about
 * another page does not need. The login form's own tests use `signIn`.
 */
export async function signInAt(page: Page, url: string, login: string, password: string, path: string) {
  const res = await page.request.post(`${url}/auth/sign-in`, { data: { login, password } });
  if (!res.ok()) throw new Error(`sign-in as ${login}: HTTP ${res.status()} ${await res.text()}`);
  const profile: unknown = await res.json();
  // the root is the login page, without the console: a light page of the origin to store the profile in
  await page.goto(url + '/');
  await page.evaluate((p) => localStorage.setItem('user', JSON.stringify(p)), profile);
  await page.goto(url + path);
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
    await closePages(running?.browser);
    await running?.s.close();
  });
}
