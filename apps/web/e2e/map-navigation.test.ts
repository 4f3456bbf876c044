import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from './browser.ts';
import {
  mapFieldForSuite,
  openMapPage,
  renderedCounts,
  settled,
  signInAdmin,
  type MapField,
} from './map-helpers.ts';

// The map reached through the menu from a session that started elsewhere: MapLibre's stylesheet then arrives
// after the console's own styles, which once collapsed the map to 0 px (issue 17, item 1).

let f: MapField;
mapFieldForSuite((field) => (f = field));

const SLOW = 180_000;
const LAYERS = ['LuminarySupports', 'LuminaryModules', 'Cabinets', 'Controllers'];

/** Clicks Map in the menu and waits for the map to settle: it has a size, its controls, and markers. */
async function toMapByMenu(page: Page) {
  await page.getByRole('menuitem', { name: /^(Map|Карта)$/ }).click();
  await page.waitForURL('**/Map');
  await settled(page);
  const box = (await page.getByTestId('map').boundingBox())!;
  expect(box.height).toBeGreaterThan(500);
  expect(box.width).toBeGreaterThan(500);
  // MapLibre's own stylesheet is applied: its controls sit in the map's corners
  const zoomIn = (await page.locator('.maplibregl-ctrl-zoom-in').boundingBox())!;
  expect(zoomIn.height).toBeGreaterThan(20);
  expect(zoomIn.x).toBeGreaterThan(box.x + box.width - 60);
  // bottom right, above the attribution line (the offline base map's credit, where the online tiles are unreachable)
  const scale = (await page.locator('.maplibregl-ctrl-scale').boundingBox())!;
  expect(scale.y).toBeGreaterThan(box.y + box.height - 100);
  const canvas = await page.evaluate(() => window.__slMap!.getCanvas().clientHeight);
  expect(canvas).toBe(Math.round(box.height));
}

/** The camera fits every device of the city: at city zoom, with the summary's bounds in view. */
async function fitsCity(page: Page) {
  const bounds = (await f.s.call('GET', '/api/v2/map/summary')).body.result.bounds as number[];
  const view = await page.evaluate(() => {
    const m = window.__slMap!;
    return { zoom: m.getZoom(), box: m.getBounds().toArray().flat() };
  });
  expect(view.zoom).toBeGreaterThan(11);
  expect(view.box[0]).toBeLessThanOrEqual(bounds[0]!);
  expect(view.box[1]).toBeLessThanOrEqual(bounds[1]!);
  expect(view.box[2]).toBeGreaterThanOrEqual(bounds[2]!);
  expect(view.box[3]).toBeGreaterThanOrEqual(bounds[3]!);
  const counts = await renderedCounts(page);
  for (const layer of LAYERS) expect(counts[layer], layer).toBeGreaterThan(0);
}

describe('the map reached from another screen', () => {
  for (const { start, lang } of [
    { start: '/About', lang: 'en-us' },
    { start: '/Luminaries', lang: 'ru' },
  ] as const)
    it(
      `draws the city when the session starts on ${start} (${lang})`,
      async () => {
        const { page } = await openMapPage(f.browser, lang);
        await signInAdmin(page, f.s.url);
        await page.goto(f.s.url + start);
        await page.getByRole('menuitem', { name: /^(Map|Карта)$/ }).waitFor();
        await page.waitForLoadState('networkidle');
        await toMapByMenu(page);
        await fitsCity(page);
        await shot(page, `map-from-${start.slice(1).toLowerCase()}-${lang === 'ru' ? 'ru' : 'en'}`);
        await page.context().close();
      },
      SLOW,
    );

  it(
    'draws the city after F5 on a list',
    async () => {
      const { page } = await openMapPage(f.browser, 'en-us');
      await signInAdmin(page, f.s.url);
      await page.goto(f.s.url + '/LuminaryModules');
      await page.locator('tbody tr.RaDatagrid-row').first().waitFor();
      await page.reload();
      await page.locator('tbody tr.RaDatagrid-row').first().waitFor();
      await toMapByMenu(page);
      await fitsCity(page);
      await page.context().close();
    },
    SLOW,
  );

  it(
    "centres a device's place after its screen was opened by a deep link",
    async () => {
      const { page } = await openMapPage(f.browser, 'en-us');
      await signInAdmin(page, f.s.url);
      const support = (await f.s.call('GET', '/api/v1/LuminarySupports?socketCount=2&limit=1')).body.data[0];
      await page.goto(`${f.s.url}/LuminarySupports/${support._id}/show`);
      await page.getByText(support.uid, { exact: true }).first().waitFor();
      await toMapByMenu(page);
      await page.getByTestId('map-popup').getByText(support.uid, { exact: true }).waitFor();
      const camera = await page.evaluate(() => {
        const m = window.__slMap!;
        return { ...m.getCenter(), zoom: m.getZoom() };
      });
      expect(camera.lng).toBeCloseTo(support.location.coordinates[0], 5);
      expect(camera.lat).toBeCloseTo(support.location.coordinates[1], 5);
      expect(camera.zoom).toBeGreaterThanOrEqual(17);
      expect((await renderedCounts(page)).LuminarySupports).toBeGreaterThan(0);
      await shot(page, 'map-from-detail-en');
      await page.context().close();
    },
    SLOW,
  );
});
