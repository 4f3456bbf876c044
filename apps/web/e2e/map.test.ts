import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadCity, startSimulator, type SimulatorHandle } from '@sl/simulator';
import { STATUS_COLOURS } from '@sl/domain';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, startServer, type TestServer } from '../../server/test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- the demo city is seeded as the server seeds it
import { seedDemoCity } from '../../server/src/field/demo-city.ts';
import { closePages, launch, shot } from './browser.ts';
import type { Streets } from './streets.ts';
import { WEB_DIST } from './global-setup.ts';
import {
  differingShare,
  FIELD_COMMAND_TIMEOUT_MS,
  holdTiles,
  near,
  pixel,
  renderedCounts,
  settled,
  openMapPage,
  tileServer,
} from './map-helpers.ts';

// The map in Chromium against the real server, its broker and the simulated field of six Cambridge cabinets.
// The field sees a night that does not end (lamps lit) and no random faults: the test injects its own.

const NIGHT = Date.parse('2026-01-15T03:00:00Z');
// each test signs in and waits for the map to settle, which takes long on a loaded 2-core machine
const SLOW = 180_000;
const LAYERS = ['LuminarySupports', 'LuminaryModules', 'Cabinets', 'Controllers'];

let s: TestServer;
let sim: SimulatorHandle;
let browser: Browser;
let tiles: Awaited<ReturnType<typeof tileServer>>;

beforeAll(async () => {
  s = await startServer({ webDist: WEB_DIST, commandTimeoutMs: FIELD_COMMAND_TIMEOUT_MS });
  const city = await loadCity('cambridge', { controllers: 6 });
  const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
  await seedDemoCity(s.db, demo._id, demo.cities[0], city);
  const started = Date.now();
  sim = await startSimulator({
    broker: s.brokerUrl,
    city,
    // commissioned, as the broker lets in only controllers with their own secret
    secrets: await s.commission(city.cabinets.map((c) => c.controller.mac)),
    intervalMs: 500,
    faults: false,
    clock: () => new Date(NIGHT + Date.now() - started),
  });
  tiles = await tileServer();
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await closePages(browser);
  await sim?.stop();
  await tiles?.close();
  await s?.close();
});

type Opened = { page: Page; errors: string[] };

const open = (lang: 'en-us' | 'ru', width = 1280, streets: Streets = 'one road'): Promise<Opened> =>
  openMapPage(browser, lang, width, streets);

async function signIn(page: Page, login?: string) {
  await page.goto(s.url + '/');
  if (login) {
    await page.getByLabel(/Login|Логин/).fill(login);
    await page.getByLabel(/Password|Пароль/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /Sign in|Войти/ }).click();
  } else await page.getByRole('button', { name: /Demo|Демо/ }).click();
  await page.waitForURL('**/Map');
  await settled(page);
}

/** Where a device is on screen, after centring the map on it at street zoom. */
async function focus(page: Page, lngLat: [number, number]): Promise<{ x: number; y: number }> {
  await page.evaluate((at) => window.__slMap!.jumpTo({ center: at, zoom: 19 }), lngLat);
  return onScreen(page, lngLat);
}

/** Where a device is on screen now (a tall popup moves the map to stand inside it). */
async function onScreen(page: Page, lngLat: [number, number]): Promise<{ x: number; y: number }> {
  await settled(page);
  const box = (await page.getByTestId('map').boundingBox())!;
  const p = await page.evaluate((at) => window.__slMap!.project(at), lngLat);
  return { x: box.x + p.x, y: box.y + p.y };
}

/** Clicks a marker; where devices share its point, picks the one whose option's name matches from the choice. */
async function clickDevice(page: Page, at: { x: number; y: number }, option: RegExp) {
  await page.mouse.click(at.x, at.y);
  const choice = page.getByTestId('map-choice');
  await choice.or(page.getByTestId('map-popup')).first().waitFor();
  if (await choice.count()) await choice.getByRole('button', { name: option }).click();
}

/** The status a marker shows: the live feature state where there is one, else the tile's. */
function shownStatus(page: Page, layer: string, id: number): Promise<number | undefined> {
  return page.evaluate(
    ([layer, id]) => {
      const f = window
        .__slMap!.queryRenderedFeatures({ layers: [`${layer}-points`] })
        .find((x) => x.id === id);
      return f ? ((f.state.status as number | undefined) ?? (f.properties.status as number)) : undefined;
    },
    [layer, id] as const,
  );
}

/** A mounting with two lamps of the simulated field. */
async function twoArmPost() {
  return (await s.call('GET', '/api/v1/LuminarySupports?socketCount=2&limit=1')).body.data[0];
}

async function moduleRow(mac: string) {
  return (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0] as {
    _id: number;
    location: { coordinates: [number, number] };
  };
}

describe('map in Chromium', () => {
  it(
    'draws every device type over the bundled streets when the tile server is unreachable, without an error storm',
    async () => {
      const { page, errors } = await open('en-us', 1280, 'bundled');
      await signIn(page, 'admin');
      const counts = await renderedCounts(page);
      for (const layer of LAYERS) expect(counts[layer], layer).toBeGreaterThan(0);
      await page.getByText('The online base map is unreachable').waitFor();
      await shot(page, 'map-offline-en');
      const settledErrors = errors.length;
      // unreachable, the base tile server costs one probe: a request or two that fail, then none
      expect(settledErrors, errors.join('\n')).toBeLessThanOrEqual(3);
      for (let i = 0; i < 4; i++) {
        await page.evaluate(() => window.__slMap!.panBy([200, 120], { animate: false }));
        await settled(page);
      }
      expect(errors.length).toBe(settledErrors);
    },
    SLOW,
  );

  it(
    'dims a lamp from its popup: the simulator answers and the marker turns from on to off',
    async () => {
      const { page } = await open('en-us');
      await signIn(page, 'admin');
      const lamp = sim.city.cabinets[0]!.modules[3]!;
      const m = await moduleRow(lamp.mac);
      const at = await focus(page, m.location.coordinates);
      await expect.poll(() => shownStatus(page, 'LuminaryModules', m._id), { timeout: 5000 }).toBe(1);
      expect(near(await pixel(page, at.x, at.y), STATUS_COLOURS.on)).toBe(true);

      await clickDevice(page, at, new RegExp(lamp.mac));
      const popup = page.getByTestId('map-popup');
      await popup.getByText(lamp.mac).waitFor();
      await popup.getByText('Status: On (1)').waitFor();
      // its program in words, and its next step in Cambridge's time (no politic here: the default night)
      const program = popup.getByTestId('map-popup-program');
      await program.waitFor();
      expect(await program.textContent()).toMatch(
        /^Program: none: dusk to dawn at full power; (next: \d+\s?% at \d\d:\d\d [AP]M|no further step tonight)$/,
      );
      await shot(page, 'map-popup-en');
      await popup.getByRole('button', { name: 'Off', exact: true }).click();
      await popup.getByTestId('map-answer').getByText('Done').waitFor();
      await expect.poll(() => shownStatus(page, 'LuminaryModules', m._id), { timeout: 3000 }).toBe(0);
      await popup.getByText('Status: Off (0)').waitFor();
      expect(sim.controller(sim.city.cabinets[0]!.controller.mac)!.device.lamps.get(lamp.mac)!.pwm).toBe(0);
      await page.mouse.move(0, 0);
      const now = await onScreen(page, m.location.coordinates);
      expect(near(await pixel(page, now.x, now.y), STATUS_COLOURS.off)).toBe(true);
      await shot(page, 'map-dimmed-en');
    },
    SLOW,
  );

  it(
    "shows a dimmed lamp's new level and power in its open popup, as the field reports them",
    async () => {
      const { page } = await open('en-us');
      await signIn(page, 'admin');
      const lamp = sim.city.cabinets[5]!.modules[1]!;
      const m = await moduleRow(lamp.mac);
      await clickDevice(page, await focus(page, m.location.coordinates), new RegExp(lamp.mac));
      const popup = page.getByTestId('map-popup');
      await popup.getByTestId('map-popup-mapFieldPwm').getByText('Level: 100%').waitFor();
      const slider = popup.getByRole('slider');
      await slider.focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
      await popup.getByText('Dimming, %: 40').waitFor();
      await popup.getByRole('button', { name: 'Dim', exact: true }).click();
      await popup.getByTestId('map-answer').getByText('Done').waitFor();
      // the field reports every 500 ms: the level at once, the power once the lamp has settled
      await popup.getByTestId('map-popup-mapFieldPwm').getByText('Level: 40%').waitFor({ timeout: 3000 });
      const settled = lamp.watts * 0.4 + 0.4;
      await expect
        .poll(
          async () =>
            Number(
              (await popup.getByTestId('map-popup-mapFieldPower').textContent())!
                .split(': ')[1]!
                .replace(/\s*W$/, ''),
            ),
          { timeout: 5000 },
        )
        .toBeCloseTo(settled, -0.5);
      await shot(page, 'map-popup-dimmed-readings-en');
      // dimmed from elsewhere: the open popup's slider shows the level the lamp reports, not the one it opened with
      await s.call('GET', `/api/v1/control/lighting?by=id&id=${m._id}&raw=20`);
      await popup.getByTestId('map-popup-mapFieldPwm').getByText('Level: 20%').waitFor({ timeout: 5000 });
      await popup.getByText('Dimming, %: 20').waitFor({ timeout: 3000 });
      expect(await slider.getAttribute('aria-valuenow')).toBe('20');
    },
    SLOW,
  );

  it(
    'offers a choice where a mounting and its lamps share a point, and opens the one chosen',
    async () => {
      for (const lang of ['en-us', 'ru'] as const) {
        const { page } = await open(lang);
        await signIn(page, 'admin');
        const support = await twoArmPost();
        const at = await focus(page, support.location.coordinates);
        await page.mouse.click(at.x, at.y);
        const choice = page.getByTestId('map-choice');
        await choice
          .getByText(lang === 'ru' ? 'Здесь несколько устройств' : 'Several devices here')
          .waitFor();
        const options = choice.getByRole('button');
        // the mounting and its two control modules, each by its name
        await expect.poll(() => options.count()).toBe(3);
        await choice.getByRole('button', { name: new RegExp(support.uid) }).waitFor();
        await shot(page, `map-choice-${lang === 'ru' ? 'ru' : 'en'}`);
        await choice
          .getByRole('button', { name: new RegExp(`^${lang === 'ru' ? 'Опоры' : 'Mountings'}`) })
          .click();
        const popup = page.getByTestId('map-popup');
        await popup.getByText(support.uid, { exact: true }).waitFor();
        expect(await choice.count()).toBe(0);
        // and a module of it, from the same point, where it is now: the popup moves the map as its content grows
        // (its readings and program come after it opened), and once did so between finding the point and the click
        await expect
          .poll(
            async () => {
              const again = await onScreen(page, support.location.coordinates);
              await page.mouse.click(again.x, again.y);
              return choice.waitFor({ timeout: 3000 }).then(
                () => true,
                () => false,
              );
            },
            { timeout: 30_000, interval: 500 },
          )
          .toBe(true);
        const socket = (support.sockets as { luminaryModule: number }[])[1]!;
        const { mac } = (await s.call('GET', `/api/v1/LuminaryModules/${socket.luminaryModule}`)).body;
        await choice.getByRole('button', { name: new RegExp(mac) }).click();
        await popup.getByText(mac).waitFor();
        // readings in the language's number format, with their units
        const power = popup.getByTestId('map-popup-mapFieldPower');
        await power.waitFor();
        expect(await power.textContent()).toMatch(
          lang === 'ru' ? /^Мощность: \d+(,\d)?\u00a0Вт$/ : /^Power: \d+(\.\d)?\u00a0W$/,
        );
        expect(await popup.getByTestId('map-popup-mapFieldPhase').textContent()).toMatch(/: [ABC]$/);
        await page.context().close();
      }
    },
    SLOW,
  );

  it(
    "dims a mounting's lamps from its popup as one command, and the simulator answers for each",
    async () => {
      const { page } = await open('en-us');
      await signIn(page, 'admin');
      const support = await twoArmPost();
      const macs: string[] = [];
      for (const socket of support.sockets as { luminaryModule: number }[])
        macs.push((await s.call('GET', `/api/v1/LuminaryModules/${socket.luminaryModule}`)).body.mac);
      expect(macs).toHaveLength(2);
      // the modules stand where their post does: hidden, the click reaches the post
      await page.getByRole('checkbox', { name: /Control modules/ }).uncheck();
      const at = await focus(page, support.location.coordinates);
      await page.mouse.click(at.x, at.y);
      const popup = page.getByTestId('map-popup');
      await popup.getByText(support.uid, { exact: true }).waitFor();
      await popup.getByRole('button', { name: 'Off', exact: true }).click();
      await popup.getByTestId('map-answer').getByText('Done').waitFor();
      const lamps = sim.controller(
        sim.city.cabinets.find((c) => c.modules.some((m) => m.mac === macs[0]))!.controller.mac,
      )!.device.lamps;
      for (const mac of macs) expect(lamps.get(mac)!.pwm, mac).toBe(0);
      const newest = (await s.call('GET', '/api/v2/commands?limit=1')).body.result.data[0];
      expect(newest).toMatchObject({ type: 'dim', target: { by: 'support', id: support._id } });
      // both lamps off: the post turns grey live
      await expect.poll(() => shownStatus(page, 'LuminarySupports', support._id), { timeout: 5000 }).toBe(0);
      await shot(page, 'map-support-dimmed-en');
    },
    SLOW,
  );

  it(
    "switches a cabinet's phase from its popup and shows the relay as the controller answered",
    async () => {
      const { page } = await open('en-us');
      await signIn(page, 'admin');
      // lamps and mountings stand around the cabinet: only cabinets and controllers are drawn
      await page.getByRole('checkbox', { name: /Control modules/ }).uncheck();
      await page.getByRole('checkbox', { name: /^Mountings/ }).uncheck();
      const cabinet = sim.city.cabinets[3]!;
      const controller = (await s.call('GET', `/api/v1/Controllers?mac=${cabinet.controller.mac}`)).body
        .data[0];
      const at = await focus(page, controller.location.coordinates);
      await clickDevice(page, at, /^Controllers/);
      const phases = page.getByTestId('map-phases');
      await phases.waitFor();
      await expect
        .poll(() => phases.getByTestId('map-phase-1').textContent())
        .toMatch(/^lamps (fed|not fed) \(relay (on|off)\)/);
      await phases.getByRole('button', { name: 'Off', exact: true }).first().click();
      await page.getByTestId('map-answer').getByText('Done').waitFor();
      await expect
        .poll(() => phases.getByTestId('map-phase-1').textContent())
        .toMatch(/^lamps not fed \(relay off\)/);
      await shot(page, 'map-phases-en');
      await phases.getByRole('button', { name: 'On', exact: true }).first().click();
      await expect
        .poll(() => phases.getByTestId('map-phase-1').textContent())
        .toMatch(/^lamps fed \(relay on\)/);
    },
    SLOW,
  );

  it(
    'turns a marker red when its lamp breaks and amber when its controller goes offline, live',
    async () => {
      const { page } = await open('en-us');
      await signIn(page, 'admin');
      const cabinet = sim.city.cabinets[1]!;
      const lamp = cabinet.modules[5]!;
      const m = await moduleRow(lamp.mac);
      const at = await focus(page, m.location.coordinates);
      await expect.poll(() => shownStatus(page, 'LuminaryModules', m._id), { timeout: 5000 }).toBe(1);
      // device tiles asked for with a version other than the first: clusters drawn with the new statuses
      const firstVersion = await page.evaluate(() =>
        new URL(
          (window.__slMap!.getSource('devices') as unknown as { tiles: string[] }).tiles[0]!,
        ).searchParams.get('v'),
      );
      let redrawn = false;
      page.on('request', (r) => {
        const url = new URL(r.url());
        const v = url.searchParams.get('v');
        if (url.pathname.startsWith('/api/v2/map/tiles/') && v !== firstVersion) redrawn = true;
      });

      const broke = Date.now();
      sim.controller(cabinet.controller.mac)!.device.lamps.get(lamp.mac)!.broken = true;
      // live, without a reload: seconds from the fault (the field reports every 500 ms). 2.5 s was too tight on a
      // loaded 2-core machine (2.7 s with this test alone); how fast is a benchmark's business, not this test's
      // a simulated lamp fault (spec §4): 4097 while its module switches it on, 4096 off
      await expect
        .poll(
          async () => [4096, 4097].includes((await shownStatus(page, 'LuminaryModules', m._id)) as number),
          {
            timeout: 10_000,
            interval: 100,
          },
        )
        .toBe(true);
      expect(Date.now() - broke).toBeLessThan(10_000);
      expect(near(await pixel(page, at.x, at.y), STATUS_COLOURS.broken)).toBe(true);
      await shot(page, 'map-broken-en');
      // the clusters follow within seconds too (they waited 10 s): 1 s for more changes, the summary, the tiles
      const shown = Date.now();
      await expect.poll(() => redrawn, { timeout: 15_000, interval: 100 }).toBe(true);
      expect(Date.now() - shown).toBeLessThan(4000);

      const offline = sim.city.cabinets[2]!;
      const controller = (await s.call('GET', `/api/v1/Controllers?mac=${offline.controller.mac}`)).body
        .data[0];
      const where = await focus(page, controller.location.coordinates);
      sim.controller(offline.controller.mac)!.goOffline(120_000);
      await expect
        .poll(() => shownStatus(page, 'Controllers', controller._id), { timeout: 10_000, interval: 100 })
        .toBe(3);
      expect(near(await pixel(page, where.x, where.y), STATUS_COLOURS.offline)).toBe(true);
    },
    SLOW,
  );

  it(
    'remembers the type toggles and the filter across a reload',
    async () => {
      const { page } = await open('en-us');
      await signIn(page, 'admin');
      await page.getByRole('checkbox', { name: /Control modules/ }).uncheck();
      await settled(page);
      expect((await renderedCounts(page)).LuminaryModules ?? 0).toBe(0);
      await page.getByRole('radio', { name: 'Broken' }).check();
      await settled(page);
      const broken = await renderedCounts(page);
      expect(broken.LuminaryModules ?? 0).toBe(0);
      // one lamp broke in the test before: its support is broken, and nothing else is
      expect(broken.LuminarySupports).toBe(1);
      expect(broken.Cabinets ?? 0).toBe(0);

      await page.reload();
      await settled(page);
      expect(await page.getByRole('checkbox', { name: /Control modules/ }).isChecked()).toBe(false);
      expect(await page.getByRole('radio', { name: 'Broken' }).isChecked()).toBe(true);
      expect(await renderedCounts(page)).toEqual(broken);
      await shot(page, 'map-filtered-en');

      await page.getByRole('checkbox', { name: /Control modules/ }).check();
      await page.getByRole('radio', { name: 'All' }).check();
      await settled(page);
      expect((await renderedCounts(page)).LuminaryModules).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'speaks Russian, and draws the base map when its tile server answers',
    async () => {
      const { page } = await open('ru');
      await signIn(page, 'admin');
      await page.getByText('Условные обозначения').waitFor();
      await page.getByText('Онлайн-подложка недоступна').waitFor();
      await shot(page, 'map-offline-ru');
      await page.getByRole('button', { name: 'Подложка' }).click();
      const url = page.getByLabel('Адрес растровых тайлов');
      await url.fill(tiles.url);
      await page.getByRole('button', { name: 'Применить' }).click();
      await settled(page);
      expect(tiles.served()).toBeGreaterThan(0);
      expect(await page.getByText('Онлайн-подложка недоступна').count()).toBe(0);
      await shot(page, 'map-tiles-ru');

      await page.reload();
      await settled(page);
      expect(await page.getByText('Онлайн-подложка недоступна').count()).toBe(0);
      // somewhere with no device: a tile's colour, not the plain background
      const empty = await focus(page, [-60, 30]);
      expect(near(await pixel(page, empty.x + 40, empty.y + 40), '#e8e0c8', 12)).toBe(true);
    },
    SLOW,
  );

  it(
    'shows what is in view and a read-only popup to the demo user',
    async () => {
      const { page } = await open('en-us');
      await signIn(page);
      await page.getByRole('button', { name: 'In view' }).click();
      const panel = page.getByTestId('map-panel');
      await panel.getByText('Mountings').waitFor();
      // a row of the panel opens its device on the map, centred; the panel reloads as the map settles, so the row
      // is named once it has
      await settled(page);
      const rows = panel.locator('.MuiListItemButton-root:not(.Mui-disabled)');
      const name = (await rows.first().locator('.MuiListItemText-primary').innerText()).trim();
      const shown = page.getByTestId('map-popup').getByText(name, { exact: true });
      // a click the panel's reload swallows (it reloads as the map moves) is made again
      await expect
        .poll(
          async () => {
            await rows.filter({ hasText: name }).first().click();
            return shown.isVisible();
          },
          { timeout: 30_000, interval: 2000 },
        )
        .toBe(true);
      const lamp = sim.city.cabinets[3]!.modules[0]!;
      const m = await moduleRow(lamp.mac);
      const at = await focus(page, m.location.coordinates);
      await clickDevice(page, at, new RegExp(lamp.mac));
      const popup = page.getByTestId('map-popup');
      await popup.getByText(lamp.mac).waitFor();
      expect(await popup.getByTestId('map-dimmer').count()).toBe(0);
      await popup.getByRole('button', { name: 'Neighbours' }).click();
      await page.getByText('Neighbours within 100 m').waitFor();
      await shot(page, 'map-demo-en');

      // the item of the detail screen visited last is selected and centred when the map opens
      const other = await moduleRow(sim.city.cabinets[4]!.modules[7]!.mac);
      await page.evaluate(
        (id) =>
          localStorage.setItem('RaStore.sl.currentItem', JSON.stringify({ section: 'LuminaryModules', id })),
        String(other._id),
      );
      await page.reload();
      await settled(page);
      await popup.getByText(sim.city.cabinets[4]!.modules[7]!.mac).waitFor();
      const centre = await page.evaluate(() => window.__slMap!.getCenter().toArray());
      expect(centre[0]).toBeCloseTo(other.location.coordinates[0], 5);
      expect(centre[1]).toBeCloseTo(other.location.coordinates[1], 5);
    },
    SLOW,
  );
  it(
    "draws the city before MapLibre is ready, in the map's place and look, then hands over to MapLibre",
    async () => {
      const { page } = await open('en-us');
      await signIn(page, 'admin');
      const map = page.getByTestId('map');
      const box = (await map.boundingBox())!;
      // the layer controls and the base map's notice cover parts of the map in one picture and not the other
      const clip = { x: box.x + 260, y: box.y, width: box.width - 260, height: box.height - 90 };
      const release = await holdTiles(page);
      // the picture is of the devices: with no base map reachable, the bundled streets stay away too
      await page.route(/roads[^/]*\.topojson/, (route) => route.abort());
      await page.reload();
      const first = page.locator('#sl-first-view');
      await first.waitFor();
      await page.waitForFunction(() => (window.__slFirstView?.markers ?? 0) > 0);
      // MapLibre is up and has its devices' source; with their tiles held back, the first view stays over it
      await page.waitForFunction(() => window.__slMap?.getSource('devices') !== undefined);
      expect(await first.count()).toBe(1);
      expect(await first.boundingBox()).toEqual(await map.boundingBox());
      const before = await page.screenshot({ clip });
      await shot(page, 'map-first-view-en');
      release();
      await first.waitFor({ state: 'detached' });
      await settled(page);
      const after = await page.screenshot({ clip });
      await shot(page, 'map-after-first-view-en');
      const share = await differingShare(page, before, after);
      console.log(`first view and MapLibre differ in ${(share * 100).toFixed(2)} % of the pixels`);
      expect(share).toBeLessThan(0.02);
    },
    SLOW,
  );
  it(
    'centres the first view on the current map item and keeps it until MapLibre has drawn there',
    async () => {
      const { page } = await open('en-us');
      await signIn(page, 'admin');
      const support = await twoArmPost();
      // the item of the detail screen visited last (spec §2)
      await page.goto(`${s.url}/LuminarySupports/${support._id}/show`);
      await page.getByText(support.uid, { exact: true }).first().waitFor();
      const release = await holdTiles(page);
      await page.goto(s.url + '/Map');
      const first = page.locator('#sl-first-view');
      await first.waitFor();
      // MapLibre has jumped to the item, its popup is open, and the picture of the same view is still up
      await page.getByTestId('map-popup').getByText(support.uid, { exact: true }).waitFor();
      expect(await first.count()).toBe(1);
      const camera = await page.evaluate(() => {
        const m = window.__slMap!;
        return { ...m.getCenter(), zoom: m.getZoom() };
      });
      expect(camera.lng).toBeCloseTo(support.location.coordinates[0], 6);
      expect(camera.lat).toBeCloseTo(support.location.coordinates[1], 6);
      expect(camera.zoom).toBeGreaterThanOrEqual(17);
      await shot(page, 'map-first-view-item-en');
      release();
      await first.waitFor({ state: 'detached' });
      // the popup tells the mounting's status as its marker shows it (its lamps'), not "unknown"
      const shown = await shownStatus(page, 'LuminarySupports', support._id);
      expect(shown).toBeDefined();
      await page.getByTestId('map-popup-status').getByText(`(${shown})`).waitFor();
    },
    SLOW,
  );
  it(
    'answers a click on a marker of the first view once MapLibre has drawn it',
    async () => {
      const { page } = await open('en-us');
      await signIn(page, 'admin');
      const release = await holdTiles(page);
      await page.reload();
      await page.waitForFunction(() => window.__slMap?.getSource('devices') !== undefined);
      // a single device of the first view, clear of the layer controls and the notices, where the screen shows it
      const target = await page.evaluate(async () => {
        const m = window.__slMap!;
        const { clientWidth: width, clientHeight: height } = m.getContainer();
        const res = await fetch(`/api/v2/map/first-view?width=${width}&height=${height}`);
        const { features } = (await res.json()).result as { features: Record<string, number[][]> };
        for (const found of Object.values(features))
          for (const [lon, lat, count] of found) {
            const p = m.project([lon!, lat!]);
            if (count === 1 && p.x > 300 && p.x < width - 60 && p.y > 60 && p.y < height - 100)
              return { x: p.x, y: p.y };
          }
        return undefined;
      });
      expect(target).toBeDefined();
      const box = (await page.getByTestId('map').boundingBox())!;
      expect(await page.locator('#sl-first-view').count()).toBe(1);
      await page.mouse.click(box.x + target!.x, box.y + target!.y);
      expect(await page.getByTestId('map-popup').count()).toBe(0);
      release();
      // a single device, or several at one point (a module on its mounting): then the choice is the answer
      const popup = page.getByTestId('map-popup').or(page.getByTestId('map-choice'));
      await popup.first().waitFor();
      expect(await page.locator('#sl-first-view').count()).toBe(0);
      // placed before its content loaded, the popup turns to the side with room once it has grown
      await expect.poll(async () => (await popup.boundingBox())!.y).toBeGreaterThanOrEqual(box.y);
      await shot(page, 'map-first-view-click-en');
    },
    SLOW,
  );
  it(
    "draws MapLibre's devices before the console's shell has rendered, and the map screen keeps that map",
    async () => {
      const { page } = await open('en-us');
      await signIn(page, 'admin');
      // the shell waits for the session check: held back, the map screen cannot mount
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/auth/me', async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      await page.waitForFunction(() => window.__slMap?.getSource('devices') !== undefined);
      await settled(page);
      const counts = await renderedCounts(page);
      for (const layer of LAYERS) expect(counts[layer], layer).toBeGreaterThan(0);
      expect(await page.getByTestId('map').count()).toBe(0);
      // MapLibre drew: the first view is gone, and the map lies where the screen will put it
      expect(await page.locator('#sl-first-view').count()).toBe(0);
      const early = await page.evaluate(() => {
        (window.__slMap as unknown as { early: boolean }).early = true;
        return window.__slMap!.getContainer().getBoundingClientRect().toJSON() as object;
      });
      await shot(page, 'map-early-en');
      release();
      const screen = page.getByTestId('map');
      await screen.waitFor();
      await settled(page);
      expect(early).toMatchObject((await screen.boundingBox())!);
      const adopted = await page.evaluate(() => ({
        same: (window.__slMap as unknown as { early?: boolean }).early === true,
        inside: document.querySelector('[data-testid=map]')!.contains(window.__slMap!.getContainer()),
      }));
      expect(adopted).toEqual({ same: true, inside: true });
      // the screen answers clicks on the map it adopted
      const lamp = sim.city.cabinets[2]!.modules[4]!;
      const m = await moduleRow(lamp.mac);
      await clickDevice(page, await focus(page, m.location.coordinates), new RegExp(lamp.mac));
      await page.getByTestId('map-popup').getByText(lamp.mac).waitFor();
    },
    SLOW,
  );
  it(
    "puts the first view in the map's box with the sidebar closed and on a narrow screen",
    async () => {
      for (const { width, sidebarOpen } of [
        { width: 1280, sidebarOpen: false },
        { width: 500, sidebarOpen: undefined },
      ]) {
        const { page } = await open('en-us', width);
        await signIn(page, 'admin');
        if (sidebarOpen !== undefined)
          await page.evaluate(
            (open) => localStorage.setItem('RaStore.sidebar.open', String(open)),
            sidebarOpen,
          );
        const release = await holdTiles(page);
        await page.reload();
        await page.waitForFunction(() => window.__slMap?.getSource('devices') !== undefined);
        const first = page.locator('#sl-first-view');
        expect(await first.count(), `width ${width}`).toBe(1);
        expect(await first.boundingBox(), `width ${width}`).toEqual(
          await page.getByTestId('map').boundingBox(),
        );
        release();
        await first.waitFor({ state: 'detached' });
        await page.context().close();
      }
    },
    SLOW,
  );
});
