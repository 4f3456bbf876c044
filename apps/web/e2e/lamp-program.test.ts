import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite } from './console-session.ts';
import { adminAt } from './form-helpers.ts';

// Issue 11 §4: a control module's and a mounting's screens say what the lamp does tonight and why.

let s: TestServer;
let browser: Browser;
const ids = { module: 0, support: 0 };

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const made = async (entity: string, body: object) =>
      (await s.call('POST', `/api/v1/${entity}`, body)).body._id;
    const city = await made('Cities', {
      name: { 'en-us': 'Cambridge', ru: 'Кембридж' },
      lat: 42.373,
      lon: -71.11,
      timezone: 'America/New_York',
    });
    const controller = await made('Controllers', { uid: 'CTRL-PROG', mac: '0243000B0001', city });
    ids.module = await made('LuminaryModules', { mac: '024D000B00000001', controller });
    ids.support = await made('LuminarySupports', {
      uid: 'POLE-PROG',
      sockets: [{ luminaryModule: ids.module }],
    });
    const profile = await made('Profiles', { name: 'Quiet night', kind: 'onOff', settings: { pwm0: 40 } });
    await made('Politics', { name: 'Whole city', profile });
  },
);

describe('a lamp’s program on its screens, in Chromium', () => {
  it('names the profile and where it comes from, and the next step in the city’s time', async () => {
    const en = await adminAt(s, browser, `/LuminaryModules/${ids.module}`);
    const line = en.getByTestId('lamp-program').getByTestId('map-popup-program');
    await line.waitFor();
    expect(await line.textContent()).toMatch(
      /^Program: Quiet night, by Whole city; (next: \d+\s?% at \d\d:\d\d [AP]M|no further step tonight)$/,
    );
    await shot(en, 'lamp-program-en');
    await en.context().close();

    const ru = await adminAt(s, browser, `/LuminarySupports/${ids.support}`, 'ru');
    const mounting = ru.getByTestId('lamp-program').getByTestId('map-popup-program');
    await mounting.waitFor();
    expect(await mounting.textContent()).toMatch(
      /^Программа: Quiet night, по политике Whole city; (далее: \d+\s?% в \d\d:\d\d|сегодня шагов больше нет)$/,
    );
    await shot(ru, 'lamp-program-ru');
    // the wide sockets row must not push the card off a 1280-pixel screen
    const card = await ru.getByTestId('lamp-program').boundingBox();
    expect(card && card.x + card.width).toBeLessThanOrEqual(ru.viewportSize()!.width);
    await ru.context().close();
  });
});
