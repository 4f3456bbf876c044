import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { seriousViolations } from './axe.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, rows, signInAt } from './console-session.ts';

// Issue 15, spec §2's panel view: a located device's list with a map beside it; choosing a row centres the map on
// it and names it with a link to its screen; the choice is the user's own, kept after a reload and in another
// browser, in en-us and ru.

let s: TestServer;
let browser: Browser;

const POSTS: [string, number, number][] = [
  ['LM-1', -71.1102, 42.3731],
  ['LM-2', -71.0951, 42.3652],
  ['LM-3', -71.1203, 42.3804],
];

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    for (const [uid, lon, lat] of POSTS)
      await s.call('POST', '/api/v1/LuminarySupports', {
        uid,
        location: { type: 'Point', coordinates: [lon, lat] },
      });
  },
);

const TEXT = {
  'en-us': { button: 'Map beside', hint: 'On the map: 3 of the 3 rows of this page.' },
  ru: { button: 'Карта рядом', hint: 'На карте: 3 из 3 строк этой страницы.' },
} as const;

async function browserOf(lang: 'en-us' | 'ru') {
  const page = await openPage(browser, lang);
  page.setDefaultTimeout(20_000);
  await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, `/LuminarySupports`);
  await rows(page).first().waitFor();
  return page;
}

const centre = async (page: Page) => {
  const at = await page.getByTestId('list-map').locator('[data-centre]').getAttribute('data-centre');
  return (at ?? '').split(',').map(Number);
};

describe('a list beside its map, in Chromium', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    const t = TEXT[lang];
    it(`centres the chosen row and keeps the view for the user (${lang})`, async () => {
      const page = await browserOf(lang);
      const button = page.getByRole('button', { name: t.button });
      if ((await button.getAttribute('aria-pressed')) === 'true') await button.click();
      await expect.poll(() => page.getByTestId('list-map').count()).toBe(0);
      await button.click();
      const panel = page.getByTestId('list-map');
      await panel.getByText(t.hint).waitFor();

      const [uid, lon, lat] = POSTS[1]!;
      await rows(page).filter({ hasText: uid }).click();
      await panel.getByTestId('list-map-chosen').getByText(uid).waitFor();
      await expect
        .poll(async () => {
          const [x, y] = await centre(page);
          return Math.abs(x! - lon) < 1e-4 && Math.abs(y! - lat) < 1e-4;
        })
        .toBe(true);
      // the row stays in the list, marked, and the screen did not change
      expect(page.url()).toMatch(/\/LuminarySupports$/);
      await shot(page, `h15-list-map-${lang}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.reload();
      await page.getByTestId('list-map').waitFor();
      const other = await browserOf(lang);
      await other.getByTestId('list-map').getByText(t.hint).waitFor();
      await other.context().close();

      await panel.getByTestId('list-map-chosen').getByRole('link', { name: uid }).click();
      await page.waitForURL(/\/LuminarySupports\/\d+$/);
      await page.context().close();
    });
  }
});
