import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadCity, startSimulator, type SimulatorHandle } from '@sl/simulator';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { startServer, type TestServer } from '../../server/test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- the demo city is seeded as the server seeds it
import { seedDemoCity } from '../../server/src/field/demo-city.ts';
// eslint-disable-next-line no-restricted-imports -- the HTTP tests' wait for a condition
import { until } from '../../server/test/field-setup.ts';
import { closePages, launch, shot } from './browser.ts';
import { adminAt, input } from './form-helpers.ts';
import { WEB_DIST } from './global-setup.ts';
import { NIGHT, settled } from './map-helpers.ts';

// Issue 11's promise in the browser: an operator edits a profile, watches its chart move, saves, and within 10 s the
// lamps of a mounting on the map burn at the new level. The server and the simulated field share one clock, set in
// the middle of a January night in Cambridge.

let s: TestServer;
let sim: SimulatorHandle;
let browser: Browser;
let profile = 0;
const FOLLOWS_WITHIN_MS = 10_000;

beforeAll(async () => {
  const started = Date.now();
  const now = () => new Date(NIGHT + Date.now() - started);
  s = await startServer({ webDist: WEB_DIST }, { programs: { settleMs: 500 }, clock: { now } });
  const city = await loadCity('cambridge', { controllers: 2 });
  const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
  await seedDemoCity(s.db, demo._id, demo.cities[0], city);
  sim = await startSimulator({
    broker: s.brokerUrl,
    city,
    secrets: await s.commission(city.cabinets.map((c) => c.controller.mac)),
    intervalMs: 500,
    faults: false,
    clock: now,
  });
  profile = (
    await s.call('POST', '/api/v1/Profiles', {
      name: 'Whole night',
      kind: 'onOff',
      group: demo._id,
      city: demo.cities[0],
      settings: { pwm0: 80, twil: 2 },
    })
  ).body._id;
  await s.call('POST', '/api/v1/Politics', { name: 'Cambridge', group: demo._id, profile });
  await until(async () => ((await levels()).join() === '80' ? true : undefined), 20_000);
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await closePages(browser);
  await sim?.stop({ clearRetained: true });
  await s?.close();
});

/** The levels the field reports for the city's lamps, each once. */
async function levels() {
  const modules = (await s.call('GET', '/api/v1/LuminaryModules?limit=1000')).body.data as {
    pwm: number | null;
  }[];
  return [...new Set(modules.map((m) => m.pwm))];
}

const summaryOf = async (page: Page) => (await page.getByTestId('night-summary').first().textContent()) ?? '';

/** Opens a lamp's popup on the map, its mounting's lamp, and answers the level it shows. */
async function levelOnMap(page: Page, mac: string, label: RegExp) {
  const m = (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0] as {
    location: { coordinates: [number, number] };
  };
  await page.goto(`${s.url}/Map`);
  await page.getByTestId('map').waitFor();
  await page.waitForFunction(() => Boolean(window.__slMap));
  await page.evaluate((at) => window.__slMap!.jumpTo({ center: at, zoom: 19 }), m.location.coordinates);
  await settled(page);
  const box = (await page.getByTestId('map').boundingBox())!;
  const p = await page.evaluate((at) => window.__slMap!.project(at), m.location.coordinates);
  await page.mouse.click(box.x + p.x, box.y + p.y);
  const choice = page.getByTestId('map-choice');
  await choice.or(page.getByTestId('map-popup')).first().waitFor();
  if (await choice.count()) await choice.getByRole('button', { name: new RegExp(mac) }).click();
  const popup = page.getByTestId('map-popup');
  await popup.getByText(mac).waitFor();
  return popup.getByTestId('map-popup-mapFieldPwm').getByText(label);
}

/** Resolves once the module reports burning at `pwm` (through the broker, as stored), or fails after 10 s. */
async function fieldAt(mac: string, pwm: number) {
  const end = Date.now() + FOLLOWS_WITHIN_MS;
  while ((await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0]?.pwm !== pwm) {
    if (Date.now() > end) throw new Error(`the lamp ${mac} did not reach ${pwm} % within 10 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a profile edited in the console, followed by the field', () => {
  it('moves the chart as the operator types; the lamps burn at the saved level within 10 s, and the map shows it', async () => {
    const lamp = sim.city.cabinets[0]!.modules[0]!;
    const page = await adminAt(s, browser, `/Profiles/${profile}`);
    await page.getByTestId('profile-night').getByTestId('night-summary').first().waitFor();
    expect(await summaryOf(page)).toMatch(/ at 80% · off /);

    await input(page, 'Settings: PWM 0').fill('30');
    await expect.poll(() => summaryOf(page), { timeout: 5_000 }).toMatch(/ at 30% · off /);
    await shot(page, 'profile-follow-edited');
    await page.getByRole('button', { name: 'Save' }).click();
    const saved = Date.now();
    await page.waitForURL('**/Profiles');
    await fieldAt(lamp.mac, 30);
    expect(Date.now() - saved).toBeLessThan(FOLLOWS_WITHIN_MS);

    // and the operator sees it on the map (opening the map is the console's time, not the field's)
    await (await levelOnMap(page, lamp.mac, /^Level: 30\s?%$/)).waitFor();
    expect(await levels()).toEqual([30]);
    await shot(page, 'profile-follow-map');
    await page.context().close();
  });

  it('does the same in Russian', async () => {
    const lamp = sim.city.cabinets[1]!.modules[0]!;
    const page = await adminAt(s, browser, `/Profiles/${profile}`, 'ru');
    await page.getByTestId('profile-night').getByTestId('night-summary').first().waitFor();
    expect(await summaryOf(page)).toMatch(/ на 30\s% · выкл\. /);
    await input(page, 'Настройки: ШИМ 0').fill('60');
    await expect.poll(() => summaryOf(page), { timeout: 5_000 }).toMatch(/ на 60\s% · выкл\. /);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const saved = Date.now();
    await page.waitForURL('**/Profiles');
    await fieldAt(lamp.mac, 60);
    expect(Date.now() - saved).toBeLessThan(FOLLOWS_WITHIN_MS);

    await (await levelOnMap(page, lamp.mac, /^Уровень: 60\s?%$/)).waitFor();
    await shot(page, 'profile-follow-map-ru');
    await page.context().close();
  });
});
