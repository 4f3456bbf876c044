import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadCity, startSimulator, type SimulatorHandle } from '@sl/simulator';
// eslint-disable-next-line no-restricted-imports -- the browser tests drive the real server, as the HTTP tests do
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../server/test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- the demo city is seeded as the server seeds it
import { seedDemoCity } from '../../server/src/field/demo-city.ts';
import { closePages, launch } from './browser.ts';
import { useStreets, type Streets } from './streets.ts';
import { WEB_DIST } from './global-setup.ts';

/**
 * How long the map's servers wait for the field to answer a command: a person's wait, not the HTTP suite's 800 ms,
 * which a loaded machine's simulator missed ('Error timeout' where the field did answer). No screen test of the map
 * is about a command timing out.
 */
export const FIELD_COMMAND_TIMEOUT_MS = 10_000;

/** A PNG of one colour with a darker grid line on two edges, so tiles that were drawn show as a grid. */
export function gridTile(size = 256, fill = [232, 224, 200], line = [190, 180, 150]): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    for (let x = 0; x < size; x++) {
      const c = x === 0 || y === 0 ? line : fill;
      raw.set(c, row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A stand-in for a raster tile server on this machine; counts what it served. */
export async function tileServer(): Promise<{ url: string; served(): number; close(): Promise<void> }> {
  const png = gridTile();
  let served = 0;
  const server: Server = createServer((req, res) => {
    served += 1;
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    res.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    served: () => served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The colour of one screen pixel, as [r, g, b], read from a screenshot in the page itself. */
export async function pixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = c.height = 1;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
    return [r!, gr!, b!] as [number, number, number];
  }, png.toString('base64'));
}

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
/** Whether a pixel is (close to) a colour given as #rrggbb. */
export const near = (p: number[], colour: string, tolerance = 40) =>
  hex(colour).every((v, i) => Math.abs(v - p[i]!) <= tolerance);

/** Rendered device features per source layer, counted in the page (the map is `window.__slMap`). */
export function renderedCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const m = window.__slMap!;
    const out: Record<string, number> = {};
    for (const f of m.queryRenderedFeatures())
      if (f.source === 'devices') out[f.sourceLayer!] = (out[f.sourceLayer!] ?? 0) + 1;
    return out;
  });
}

/** Waits until the map has loaded its style and tiles and stopped moving. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__slMap?.loaded() && !window.__slMap.isMoving(), undefined, {
    timeout: 30_000,
  });
  // answers nothing: the idle event holds the whole map, which Playwright would copy out of the page (1.8 MB a call)
  await page.evaluate(
    () => new Promise<void>((r) => window.__slMap!.once('idle', () => r()).triggerRepaint()),
  );
}

/** The share of pixels that differ by more than `tolerance` in a channel between two screenshots of one size. */
export function differingShare(page: Page, a: Buffer, b: Buffer, tolerance = 40): Promise<number> {
  return page.evaluate(
    async ([x, y, tol]) => {
      const pixels = async (b64: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, c.width, c.height).data;
      };
      const [p, q] = [await pixels(x), await pixels(y)];
      let differ = 0;
      for (let i = 0; i < p.length; i += 4)
        if ([0, 1, 2].some((k) => Math.abs(p[i + k]! - q[i + k]!) > tol)) differ += 1;
      return differ / (p.length / 4);
    },
    [a.toString('base64'), b.toString('base64'), tolerance] as const,
  );
}

/** Holds back the device tiles the page asks for until the returned function is called. */
export async function holdTiles(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v2/map/tiles/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The night the map suites' field sees: lamps lit, so markers are green. */
export const NIGHT = Date.parse('2026-01-15T03:00:00Z');

export type MapField = { s: TestServer; sim: SimulatorHandle; browser: Browser };

/**
 * The real server with six Cambridge cabinets seeded as the demo city, the simulated field of them on its broker
 * (a night that does not end, no random faults) and Chromium, for one suite.
 */
export function mapFieldForSuite(use: (field: MapField) => void) {
  let field: Partial<MapField> = {};
  beforeAll(async () => {
    const s = await startServer({ webDist: WEB_DIST, commandTimeoutMs: FIELD_COMMAND_TIMEOUT_MS });
    field.s = s;
    const city = await loadCity('cambridge', { controllers: 6 });
    const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(s.db, demo._id, demo.cities[0], city);
    const started = Date.now();
    field.sim = await startSimulator({
      broker: s.brokerUrl,
      city,
      // commissioned, as the broker lets in only controllers with their own secret
      secrets: await s.commission(city.cabinets.map((c) => c.controller.mac)),
      intervalMs: 500,
      faults: false,
      clock: () => new Date(NIGHT + Date.now() - started),
    });
    field.browser = await launch();
    use(field as MapField);
  }, 120_000);
  afterAll(async () => {
    await closePages(field.browser);
    await field.sim?.stop();
    await field.s?.close();
    field = {};
  });
}

/** A fresh browser context in one language, with the console errors it logs. */
export async function openMapPage(
  browser: Browser,
  lang: 'en-us' | 'ru',
  width = 1280,
  streets: Streets = 'one road',
) {
  // reduced motion: MapLibre moves the map at once, not through a second of frames SwiftShader draws on the CPU
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    locale: lang,
    reducedMotion: 'reduce',
  });
  await useStreets(context, streets);
  await context.addInitScript((l) => localStorage.getItem('lang') || localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return { page, errors };
}

/** Signs in as the administrator; the console lands on the map. */
export async function signInAdmin(page: Page, url: string) {
  await page.goto(url + '/');
  await page.getByLabel(/Login|Логин/).fill('admin');
  await page.getByLabel(/Password|Пароль/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /Sign in|Войти/ }).click();
  await page.waitForURL('**/Map');
  await settled(page);
}
