import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite } from './console-session.ts';
import { adminAt } from './form-helpers.ts';

// Issue 11 §3: a group control's screen shows its lamps, its profile and night, and dims the group now. No
// controller runs in this suite, so the honest outcome is that none answered.

let s: TestServer;
let browser: Browser;
let group = 0;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const made = async (entity: string, body: object) =>
      (await s.call('POST', `/api/v1/${entity}`, body)).body._id as number;
    const city = await made('Cities', {
      name: { 'en-us': 'Cambridge', ru: 'Кембридж' },
      lat: 42.373,
      lon: -71.11,
      timezone: 'America/New_York',
    });
    group = await made('GroupControl', { name: 'Brattle Street', id: 7 });
    const controller = await made('Controllers', { uid: 'CTRL-GROUP', mac: '0243000C0001', city });
    for (const n of [1, 2, 3]) {
      const module = await made('LuminaryModules', { mac: `024D000C0000000${n}`, controller });
      await made('LuminarySupports', {
        uid: `POLE-G${n}`,
        city,
        sockets: [{ luminaryModule: module, groupControl: group }],
      });
    }
    await made('Profiles', {
      name: 'Brattle: 60 % all night',
      kind: 'onOff',
      city,
      groupControl: group,
      settings: { pwm0: 60, twil: 2 },
    });
  },
);

describe('a group control’s screen, in Chromium', () => {
  it('shows its lamps, its profile’s night, and what the field answered to a dim', async () => {
    const page = await adminAt(s, browser, `/GroupControl/${group}`);
    const card = page.getByTestId('group-control');
    await card.getByTestId('group-lamp-count').waitFor();
    expect(await card.getByTestId('group-lamp-count').textContent()).toBe('3 lamps');
    expect(await card.getByTestId('group-profile').textContent()).toBe('Brattle: 60 % all night');
    await card.getByTestId('night-summary').first().waitFor();
    expect(await card.getByTestId('night-summary').first().textContent()).toMatch(
      /^On \d\d:\d\d [AP]M at 60% · off \d\d:\d\d [AP]M$/,
    );

    await card.getByRole('button', { name: 'Dim the group' }).click();
    const outcome = card.getByTestId('group-dim-outcome');
    await expect
      .poll(async () => outcome.textContent(), { timeout: 10_000 })
      .toMatch(/Lamps: 3, controllers: 1; confirmed 0, failed 0, no answer 1/);
    const box = await card.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, 'group-control-en');
    await page.context().close();

    const ru = await adminAt(s, browser, `/GroupControl/${group}`, 'ru');
    await ru.getByTestId('group-lamp-count').waitFor();
    expect(await ru.getByTestId('group-lamp-count').textContent()).toBe('3 светильника');
    await shot(ru, 'group-control-ru');
    await ru.context().close();
  });
});
