import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadCity } from '@sl/simulator';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- the demo city is seeded as the server seeds it
import { seedDemoCity } from '../../server/src/field/demo-city.ts';
import { shot } from './browser.ts';
import { consoleForSuite } from './console-session.ts';
import { openMapPage, settled, signInAdmin, tileServer } from './map-helpers.ts';

// The demo city's streets without internet: the online tiles refused, the bundled road polygons are drawn.
let s: TestServer;
let browser: Browser;
consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const city = await loadCity('cambridge', { controllers: 2 });
    const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(s.db, demo._id, demo.cities[0], city);
  },
);

const roadsDrawn = (page: Page) =>
  page.evaluate(() => {
    const m = window.__slMap!;
    if (!m.getLayer('offline-base-fill')) return 0;
    if (m.getLayoutProperty('offline-base-fill', 'visibility') === 'none') return 0;
    return m.queryRenderedFeatures({ layers: ['offline-base-fill'] }).length;
  });
const onlineShown = (page: Page) =>
  page.evaluate(() => window.__slMap!.getLayoutProperty('base', 'visibility') !== 'none');

describe('offline base map', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    it(`draws the city's roads when the online tiles are unreachable (${lang})`, async () => {
      const { page } = await openMapPage(browser, lang, 1280, 'bundled');
      await page.context().route('https://tile.openstreetmap.org/**', (r) => r.abort());
      await signInAdmin(page, s.url);
      await expect.poll(() => roadsDrawn(page), { timeout: 30_000 }).toBeGreaterThan(20);
      expect(await onlineShown(page)).toBe(false);
      await page
        .getByText(lang === 'ru' ? /Онлайн-подложка недоступна/ : /online base map is unreachable/)
        .waitFor();
      await settled(page);
      await shot(page, `h15-offline-map-${lang}`);
      await page.context().close();
    });
  }

  it('uses the offline map when chosen, and the online one again when asked', async () => {
    const tiles = await tileServer();
    const { page } = await openMapPage(browser, 'en-us', 1280, 'bundled');
    await page
      .context()
      .addInitScript((url) => localStorage.setItem('RaStore.sl.map.baseUrl', JSON.stringify(url)), tiles.url);
    await signInAdmin(page, s.url);
    await expect.poll(() => onlineShown(page)).toBe(true);
    expect(await roadsDrawn(page)).toBe(0);
    await page.getByRole('button', { name: 'Base map' }).click();
    await page.getByRole('radio', { name: /Bundled map/ }).check();
    await expect.poll(() => roadsDrawn(page), { timeout: 30_000 }).toBeGreaterThan(20);
    expect(await onlineShown(page)).toBe(false);
    await page.reload();
    await settled(page);
    await expect.poll(() => roadsDrawn(page), { timeout: 30_000 }).toBeGreaterThan(20);
    expect(await onlineShown(page)).toBe(false);
    await page.getByRole('button', { name: 'Base map' }).click();
    await page.getByRole('radio', { name: /Online map/ }).check();
    await expect.poll(() => onlineShown(page)).toBe(true);
    await expect.poll(() => roadsDrawn(page)).toBe(0);
    await page.context().close();
    await tiles.close();
  });
});
