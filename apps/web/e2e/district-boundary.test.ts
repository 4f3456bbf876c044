import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';

// Issue 29 §5: a district's boundary (a JSON field) is edited, not only shown: drawn on the map corner by corner,
// or read from a GeoJSON file.

let s: TestServer;
let browser: Browser;
let city: { _id: number; lat: number; lon: number };

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    city = (await s.call('GET', '/api/v1/Cities?limit=1')).body.data[0];
  },
);

const square = (x: number) => [
  [x, 42.37],
  [x + 0.01, 42.37],
  [x + 0.01, 42.38],
  [x, 42.38],
  [x, 42.37],
];

/** The drawing map, once MapLibre has put its canvas in it. */
async function drawer(page: Page) {
  const canvas = page.getByTestId('shape-drawer').locator('canvas');
  await canvas.waitFor();
  return (await canvas.boundingBox())!;
}

describe('a district boundary in Chromium', () => {
  it('is drawn on the map corner by corner and saved as a closed polygon (en-us)', async () => {
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Districts/create');
    await page.getByLabel('Name').fill('Drawn district');
    await page.getByLabel('City').click();
    await page.getByRole('option').first().click();
    await page.getByText('No area yet').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Draw the area on the map or load it from a GeoJSON file').waitFor();

    await page.getByRole('button', { name: 'Draw on the map' }).click();
    const box = await drawer(page);
    const corners = [
      [0.3, 0.3],
      [0.7, 0.3],
      [0.7, 0.7],
      [0.3, 0.7],
    ];
    for (const [fx, fy] of corners) await page.mouse.click(box.x + box.width * fx!, box.y + box.height * fy!);
    await page.getByText('Click the map at each corner (4 so far), then Finish').waitFor();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByText('An area of 4 corners').waitFor();
    await shot(page, 'district-drawn-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/Districts');

    const saved = (await s.call('GET', '/api/v1/Districts?name=Drawn%20district')).body.data[0];
    expect(saved.city).toBe(city._id);
    expect(saved.boundary.type).toBe('Polygon');
    const ring = saved.boundary.coordinates[0] as [number, number][];
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    // the corners clicked around the map's centre, the city, clockwise on screen: west to east, then south
    expect(Math.abs(ring[0]![0] - city.lon)).toBeLessThan(0.2);
    expect(Math.abs(ring[0]![1] - city.lat)).toBeLessThan(0.2);
    expect(ring[1]![0]).toBeGreaterThan(ring[0]![0]);
    expect(ring[2]![1]).toBeLessThan(ring[1]![1]);
  });

  it('is read from a GeoJSON file, a file without an area is refused in Russian (ru)', async () => {
    const district = (
      await s.call('POST', '/api/v1/Districts', {
        name: 'Loaded district',
        city: city._id,
        boundary: { type: 'Polygon', coordinates: [square(-71.12)] },
      })
    ).body;
    const page = await openPage(browser, 'ru');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, `/Districts/${district._id}`);
    await page.getByText('Область, углов: 4').waitFor();
    await drawer(page);
    const file = page.getByTestId('shape-file');
    await file.setInputFiles({
      name: 'streets.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(
        JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] } }),
      ),
    });
    await page.getByText('В файле streets.geojson нет области').waitFor();
    const two = {
      type: 'FeatureCollection',
      features: [-71.1, -71.08].map((x) => ({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates: [square(x)] },
      })),
    };
    await file.setInputFiles({
      name: 'wards.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(two)),
    });
    await page.getByText('Областей: 2, углов всего: 8').waitFor();
    await shot(page, 'district-loaded-ru');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL('**/Districts');
    const saved = (await s.call('GET', `/api/v1/Districts/${district._id}`)).body;
    expect(saved.boundary).toEqual({
      type: 'MultiPolygon',
      coordinates: [[square(-71.1)], [square(-71.08)]],
    });
  });
});
