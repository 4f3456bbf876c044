import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';

// Issue 29 §6: an open generic list and an open detail screen follow a change made through the API within 2 s,
// without reload; an open edit form keeps its unsaved input.

let s: TestServer;
let browser: Browser;
let vendor: number;
let controller: number;
let cabinet: number;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    vendor = (await s.call('POST', '/api/v1/Vendors', { name: 'Live vendor before' })).body._id;
    controller = (await s.call('POST', '/api/v1/Controllers', { uid: 'LIVE-C1', mac: 'C1:00:00:00:00:29' }))
      .body._id;
    cabinet = (await s.call('POST', '/api/v1/Cabinets', { uid: 'LIVE-K1', controller })).body._id;
  },
);

const FOLLOW_MS = 2000;

describe('live screens in Chromium', () => {
  it.each(['en-us', 'ru'] as const)(
    'an open list and detail screen show an API change within 2 s (%s)',
    async (lang) => {
      const list = await openPage(browser, lang);
      await signInAt(list, s.url, 'admin', ADMIN_PASSWORD, '/Vendors');
      const detail = await openPage(browser, lang);
      await signInAt(detail, s.url, 'admin', ADMIN_PASSWORD, `/Vendors/${vendor}/show`);
      const before = (await s.call('GET', `/api/v1/Vendors/${vendor}`)).body.name as string;
      await list.getByText(before).first().waitFor();
      await detail.getByText(before).first().waitFor();
      const after = `Live vendor ${lang} ${Date.now()}`;
      expect((await s.call('PATCH', `/api/v1/Vendors/${vendor}`, { name: after })).status).toBe(200);
      await list.getByText(after).first().waitFor({ timeout: FOLLOW_MS });
      await detail.getByText(after).first().waitFor({ timeout: FOLLOW_MS });
    },
  );

  it('an open edit form keeps its unsaved input when the record changes elsewhere', async () => {
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, `/Vendors/${vendor}`);
    const name = page.getByLabel(/Name/).first();
    await name.waitFor();
    await name.fill('Typed, not saved');
    await s.call('PATCH', `/api/v1/Vendors/${vendor}`, { name: 'Changed elsewhere' });
    await page.waitForTimeout(FOLLOW_MS);
    expect(await name.inputValue()).toBe('Typed, not saved');
  });

  it('the cabinet screen shows its controller changed through the API within 2 s', async () => {
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, `/Cabinets/${cabinet}/show`);
    await page.getByText('LIVE-C1').first().waitFor();
    expect((await s.call('PATCH', `/api/v1/Controllers/${controller}`, { uid: 'LIVE-C2' })).status).toBe(200);
    await page.getByText('LIVE-C2').first().waitFor({ timeout: FOLLOW_MS });
  });

  it.each([
    ['en-us', 'Loading'],
    ['ru', 'Загрузка'],
  ] as const)(
    'names a reference still loading in the user’s language, as a progress bar must be (%s)',
    async (lang, name) => {
      const page = await openPage(browser, lang);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Vendors');
      // the cabinet list's controller names come late: their loading bars are on screen meanwhile
      await page.route(/\/api\/v1\/Controllers\?/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await route.continue().catch(() => {});
      });
      await page.goto(`${s.url}/Cabinets`);
      const bar = page.getByRole('progressbar').first();
      await bar.waitFor();
      expect(await bar.getAttribute('aria-label')).toBe(name);
      await page.getByText('LIVE-C').first().waitFor();
      await page.context().close();
    },
  );
});
