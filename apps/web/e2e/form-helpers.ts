import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser tests drive the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { openPage, signInAt } from './console-session.ts';
import type { Streets } from './streets.ts';

/** The input of that label, whether or not it is marked required (`UID *`); labels hold no regex signs. */
export const input = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));

export const value = (page: Page, label: string) => input(page, label).inputValue();

/** Until no menu is open or fading out: one fading over the page would be in its screenshot, or take a click. */
export const menuGone = (page: Page) =>
  page.locator('.MuiMenu-root:not(.MuiModal-hidden)').first().waitFor({ state: 'detached' });

export async function choose(page: Page, label: string, option: string | RegExp) {
  await input(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await menuGone(page);
}

/** A page signed in as the administrator, at `path`. */
export async function adminAt(
  s: TestServer,
  browser: Browser,
  path: string,
  lang: 'en-us' | 'ru' = 'en-us',
  streets: Streets = 'one road',
): Promise<Page> {
  const page = await openPage(browser, lang, streets);
  page.setDefaultTimeout(20_000);
  await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, path);
  return page;
}

/** The first row the API lists for `query`. */
export const first = async (s: TestServer, entity: string, query: string) =>
  (await s.call('GET', `/api/v1/${entity}?${query}`)).body.data[0];

/** Saves the form and waits for the list it returns to. */
export async function save(page: Page, list: string) {
  await page.getByRole('button', { name: /^(Save|Сохранить)$/ }).click();
  await page.waitForURL(`**/${list}`);
}

/** The message under the input of that form path (react-admin marks each input `ra-input-{source}`). */
export const helperText = (page: Page, source: string) =>
  page.locator(`[class~="ra-input-${source}"] .MuiFormHelperText-root`);
