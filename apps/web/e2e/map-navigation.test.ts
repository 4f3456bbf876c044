import { beforeAll, describe, expect, it } from 'vitest';
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
// eslint-disable-next-line no-restricted-imports -- the demo city's districts, seeded as the server seeds them
import { seedDemoDistricts } from '../../server/src/field/demo-districts.ts';

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

const FIND = {
  'en-us': {
    district: 'District',
    districts: 'Districts',
    draw: 'Draw an area',
    off: 'Off',
    done: 'Done',
    inArea: /\d+ control modules?/,
  },
  ru: {
    district: 'Район',
    districts: 'Районы',
    draw: 'Выделить область',
    off: 'Выкл.',
    done: 'Выполнено',
    inArea: /\d+ модул/,
  },
} as const;

// The map an operator reaches for (issue 28 §5): a pole found by its id, the districts drawn, an area dimmed.
describe('the map finds, shows districts and dims an area', () => {
  beforeAll(async () => {
    const demo = (await f.s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoDistricts(f.s.db, demo.cities[0]);
  });

  for (const lang of ['en-us', 'ru'] as const)
    it(
      `finds a pole and opens its popup, shows the districts, and dims a drawn area (${lang})`,
      async () => {
        const t = FIND[lang];
        const suffix = lang === 'ru' ? 'ru' : 'en';
        const { page } = await openMapPage(f.browser, lang);
        await signInAdmin(page, f.s.url);
        const support = (await f.s.call('GET', '/api/v1/LuminarySupports?socketCount=2&limit=1')).body
          .data[0];
        await page.getByTestId('map-search').fill(support.uid);
        await page
          .getByRole('option', { name: new RegExp(support.uid) })
          .first()
          .click();
        await page.getByTestId('map-popup').getByText(support.uid, { exact: true }).waitFor();
        await settled(page);
        const center = await page.evaluate(() => window.__slMap!.getCenter());
        expect(center.lng).toBeCloseTo(support.location.coordinates[0], 5);
        await shot(page, `map-find-pole-${suffix}`);
        await page.locator('.maplibregl-popup-close-button').click();

        const area = page.getByTestId('map-area');
        await area.getByRole('checkbox', { name: t.districts }).check();
        await expect
          .poll(() =>
            page.evaluate(() => {
              const m = window.__slMap!;
              return m.getLayer('districts-fill')
                ? m.queryRenderedFeatures({ layers: ['districts-fill'] }).length
                : 0;
            }),
          )
          .toBeGreaterThan(0);

        await area.getByRole('button', { name: t.draw }).click();
        const box = (await page.getByTestId('map').boundingBox())!;
        const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
        await page.mouse.move(cx - 120, cy - 120);
        await page.mouse.down();
        await page.mouse.move(cx + 120, cy + 120, { steps: 5 });
        await page.mouse.up();
        const dim = page.getByTestId('map-area-dim');
        await dim.getByTestId('map-area-count').getByText(t.inArea).waitFor();
        await dim.getByRole('button', { name: t.off, exact: true }).click();
        await dim.getByTestId('map-area-dim-answer').getByText(t.done).waitFor({ timeout: 20_000 });
        const sent = (await f.s.call('GET', '/api/v2/commands?limit=1')).body.result.data[0];
        expect(sent).toMatchObject({ type: 'dim', payload: { pwm: 0 }, target: { by: 'area' } });
        expect(sent.devices.every((d: { state: string }) => d.state === 'acknowledged')).toBe(true);
        await dim.getByTestId('map-area-counts').waitFor();
        await shot(page, `map-area-dim-${suffix}`);

        // a district chosen from the list becomes the area, outlined on the map
        await area.getByRole('combobox', { name: t.district }).click();
        const option = page.getByRole('listbox').getByRole('option').first();
        const name = (await option.textContent())!;
        await option.click();
        await dim.getByText(name, { exact: true }).waitFor();
        await dim.getByTestId('map-area-count').getByText(t.inArea).waitFor();
        await page.context().close();
      },
      SLOW,
    );
});

// A polygon drawn by clicks (issue 28 §5): started from the keyboard, closed on its first corner or by a
// double-click, cancelled by Esc; the dim dialog then takes it as it takes a rectangle.
describe('the map draws a polygon to dim', () => {
  it(
    'draws a polygon by clicks, closes it on the first corner or by a double-click, Esc cancels (en-us)',
    async () => {
      const { page } = await openMapPage(f.browser, 'en-us');
      await signInAdmin(page, f.s.url);
      await settled(page);
      // close to a pole with lamps: the whole city holds more modules than one command takes
      const support = (await f.s.call('GET', '/api/v1/LuminarySupports?socketCount=2&limit=1')).body.data[0];
      await page.evaluate(
        (center) => window.__slMap!.jumpTo({ center, zoom: 17 }),
        support.location.coordinates as [number, number],
      );
      await settled(page);
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/v2/map/area?')) asked.push(decodeURIComponent(r.url()));
      });
      const area = page.getByTestId('map-area');
      const polygon = area.getByRole('button', { name: 'Draw a polygon' });
      // from the keyboard
      await polygon.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => polygon.getAttribute('aria-pressed')).toBe('true');
      await area.getByText(/click the first corner/).waitFor();

      const box = (await page.getByTestId('map').boundingBox())!;
      const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
      const corners = [
        [cx - 150, cy - 100],
        [cx + 150, cy - 120],
        [cx + 100, cy + 130],
        [cx - 130, cy + 90],
      ] as const;
      for (const [x, y] of corners) await page.mouse.click(x, y);
      // the map did not move while corners were clicked
      await page.mouse.click(corners[0][0] + 3, corners[0][1] + 2);
      const dim = page.getByTestId('map-area-dim');
      await dim.getByTestId('map-area-count').getByText(FIND['en-us'].inArea).waitFor();
      expect(await polygon.getAttribute('aria-pressed')).toBe('false');
      const sent = asked.at(-1)!.split('area=')[1]!.split(';');
      expect(sent).toHaveLength(4);
      const [lon, lat] = sent[1]!.split(',').map(Number);
      const there = await page.evaluate(([x, y]) => window.__slMap!.unproject([x, y]), [
        corners[1][0] - box.x,
        corners[1][1] - box.y,
      ] as [number, number]);
      expect(lon).toBeCloseTo(there.lng, 4);
      expect(lat).toBeCloseTo(there.lat, 4);
      await shot(page, 'map-area-polygon-en');

      // Esc while drawing: nothing sent, the polygon chosen before stays
      const before = asked.length;
      await polygon.click();
      await page.mouse.click(cx - 50, cy - 50);
      await page.mouse.click(cx + 50, cy - 50);
      await page.keyboard.press('Escape');
      await expect.poll(() => polygon.getAttribute('aria-pressed')).toBe('false');
      await page.mouse.click(cx + 50, cy + 50);
      expect(asked.length).toBe(before);
      await dim.getByTestId('map-area-count').getByText(FIND['en-us'].inArea).waitFor();

      // a triangle closed by a double-click on its last corner
      await polygon.click();
      await page.mouse.click(cx - 100, cy - 100);
      await page.mouse.click(cx + 100, cy - 100);
      const zoom = await page.evaluate(() => window.__slMap!.getZoom());
      await page.mouse.dblclick(cx, cy + 100);
      await expect.poll(() => asked.length).toBeGreaterThan(before);
      expect(asked.at(-1)!.split('area=')[1]!.split(';')).toHaveLength(3);
      expect(await page.evaluate(() => window.__slMap!.getZoom())).toBe(zoom);
      await dim.getByTestId('map-area-count').getByText(FIND['en-us'].inArea).waitFor();
      await page.context().close();
    },
    SLOW,
  );
});
