import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- the same district boundaries as the HTTP tests
import { box } from '../../server/test/boxes.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, rows, signInAt } from './console-session.ts';

let s: TestServer;
let browser: Browser;

const square = (w: number) => box(w, 10, w + 1, 11);

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const city = (
      await s.call('POST', '/api/v1/Cities', { name: { 'en-us': 'Squares' }, lat: 10.5, lon: 10.5 })
    ).body._id;
    await s.call('POST', '/api/v1/Districts', { name: 'Westside', city, boundary: square(10) });
    await s.call('POST', '/api/v1/Districts', { name: 'Eastside', city, boundary: square(11) });
    for (const [uid, lon] of [
      ['W-1', 10.2],
      ['W-2', 10.7],
      ['E-1', 11.5],
    ] as const)
      await s.call('POST', '/api/v1/LuminarySupports', { uid, location: { coordinates: [lon, 10.5] } });
  },
);

describe('lists by district', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    it(`shows one district's mountings (${lang})`, async () => {
      const page = await openPage(browser, lang);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/LuminarySupports');
      await page.getByRole('cell', { name: 'E-1' }).waitFor();
      expect(await rows(page).count()).toBe(3);
      await page.getByRole('button', { name: lang === 'ru' ? 'Добавить фильтр' : 'Add filter' }).click();
      await page
        .getByRole('menu')
        .getByText(lang === 'ru' ? 'Район' : 'District', { exact: true })
        .click();
      // typed, as an operator picks from a long list: typing opens the choices even when the input came up closed
      await page.getByRole('combobox', { name: lang === 'ru' ? 'Район' : 'District' }).fill('West');
      await page.getByRole('option', { name: 'Westside' }).click();
      await expect.poll(() => rows(page).count()).toBe(2);
      expect(await page.getByRole('cell', { name: 'E-1' }).count()).toBe(0);
      await shot(page, `h15-district-filter-${lang}`);
      await page.context().close();
    });
  }
});
