import { describe, expect, it } from 'vitest';
import { formatDateText } from '@sl/domain';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser tests drive the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { SHOTS, shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';

// Issue 28 §3: a module put in a socket on the mounting's screen is that mounting's on the module's own screen.

let s: TestServer;
let browser: Browser;
const ids: Record<string, number> = {};
consoleForSuite(
  (running) => ({ s, browser } = running),
  async (server) => {
    const post = async (path: string, body: object) =>
      (await server.call('POST', `/api/v1/${path}`, body)).body._id as number;
    const controller = await post('Controllers', { uid: 'C-28-E2E', mac: '0C0000002811' });
    const cabinet = await post('Cabinets', { uid: 'K-28-E2E', controller });
    ids.support = await post('LuminarySupports', {
      uid: 'P-28-E2E',
      socketCount: 1,
      cabinet,
      location: { type: 'Point', coordinates: [-71.11, 42.37] },
    });
    ids.module = await post('LuminaryModules', { mac: '0A0000002811' });

    const city = await post('Cities', {
      name: { 'en-us': 'Cambridge', ru: 'Кембридж' },
      lat: 42.373,
      lon: -71.11,
      timezone: 'America/New_York',
    });
    const lit = await post('Controllers', { uid: 'C-28-PROG', mac: '0C0000002812', city });
    ids.controller = lit;
    ids.city = city;
    ids.cabinet = await post('Cabinets', { uid: 'K-28-PROG', controller: lit });
    ids.lamp = await post('LuminaryModules', { mac: '0A0000002812', controller: lit });
    ids.programmed = await post('LuminarySupports', {
      uid: 'P-28-PROG',
      sockets: [{ luminaryModule: ids.lamp }],
    });
    const profile = await post('Profiles', { name: 'Quiet night', kind: 'onOff', settings: { pwm0: 40 } });
    await post('Politics', { name: 'Whole city', profile });
    ids.group = await post('GroupControl', { name: 'Main street', id: 28 });
    ids.groupProfile = await post('Profiles', {
      name: 'Main street night',
      kind: 'onOff',
      groupControl: ids.group,
      settings: { pwm0: 60 },
    });
  },
);

describe('a module placed in a socket in Chromium', () => {
  it('shows the module in its mounting on the module screen after the socket editor saved it', async () => {
    const page = await openPage(browser, 'en-us');
    page.setDefaultTimeout(30_000);
    try {
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, `/LuminarySupports/${ids.support}/show`);
      const sockets = page.getByTestId('support-sockets');
      await sockets.getByRole('button', { name: /add/i }).click();
      await sockets.getByRole('combobox', { name: /module/i }).fill('0A0000002811');
      await page.getByRole('option', { name: '0A0000002811' }).click();
      await sockets.getByRole('combobox', { name: /phase/i }).click();
      await page.getByRole('option', { name: 'B', exact: true }).click();
      await sockets.getByRole('button', { name: 'Save the sockets' }).click();
      await page.getByText('The sockets are saved').waitFor();

      await page.goto(`${s.url}/LuminaryModules/${ids.module}/show`);
      const identity = page.getByTestId('module-identity');
      // its controller is its mounting's cabinet's, its phase the socket's
      await expect
        .poll(() => identity.innerText())
        .toMatch(/Controller\s+C-28-E2E\s+Phase\s+B\s+Mounting\s+P-28-E2E/);
      await shot(page, 'socket-place-module');
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('renews the mounting screen’s program line when its socket’s group and the group’s profile change', async () => {
    const page = await openPage(browser, 'en-us');
    page.setDefaultTimeout(30_000);
    try {
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, `/LuminarySupports/${ids.programmed}/show`);
      const line = page.getByTestId('lamp-program').getByTestId('map-popup-program');
      await expect.poll(() => line.textContent()).toMatch(/^Program: Quiet night, by Whole city/);

      const sockets = page.getByTestId('support-sockets');
      await sockets.getByRole('combobox', { name: /group control/i }).fill('Main street');
      await page.getByRole('option', { name: 'Main street' }).click();
      await sockets.getByRole('button', { name: 'Save the sockets' }).click();
      await page.getByText('The sockets are saved').waitFor();
      await expect.poll(() => line.textContent()).toMatch(/^Program: Main street night/);

      // the group's profile changed elsewhere (another screen, another operator): the open screen follows
      await s.call('PATCH', `/api/v1/Profiles/${ids.groupProfile}`, { name: 'Main street late' });
      await expect.poll(() => line.textContent()).toMatch(/^Program: Main street late/);
      await page.getByTestId('lamp-program').screenshot({ path: `${SHOTS}/socket-place-program.png` });
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('gives one night the same on and off on the cabinet, the profile chart and the lamp’s program line', async () => {
    const tonight = (await s.call('GET', `/api/v2/controller-schedule/${ids.controller}/tonight`)).body
      .result;
    const program = (await s.call('GET', `/api/v2/lighting/lamps/${ids.lamp}`)).body.result;
    expect(tonight).toMatchObject({ source: 'fallback', by: 'program' });
    // the cabinet's card, the chart and the line all on the reader's clock (en-us: 04:27 PM)
    const hhmm = (local: string) => {
      const [h, m] = local.split(':').map(Number) as [number, number];
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${pad(((h + 11) % 12) + 1)}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
    };
    const [on, off] = [hhmm(tonight.on), hhmm(tonight.off)];
    const page = await openPage(browser, 'en-us');
    page.setDefaultTimeout(30_000);
    try {
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, `/Cabinets/${ids.cabinet}/show`);
      const cabinet = page.getByTestId('cabinet-tonight');
      await expect.poll(() => cabinet.innerText()).toContain(`On ${on}, off ${off}`);

      // the profile the lamp follows, on the same night in the same city
      await s.call('PATCH', `/api/v1/Profiles/${program.profile._id}`, { city: ids.city });
      await page.goto(`${s.url}/Profiles/${program.profile._id}`);
      const date = page.getByTestId('night-date');
      await date.fill(formatDateText('day', tonight.date, 'en-us'));
      await date.blur();
      const chart = page.getByTestId('profile-night');
      await expect
        .poll(() => chart.getByTestId('night-summary').first().innerText())
        .toMatch(new RegExp(`^On ${on} at \\d+\\s?% · off ${off}$`));
      await chart.screenshot({ path: `${SHOTS}/switch-times-chart.png` });

      // the program line, as the map popup shows it: its next step is tonight's switch-on or switch-off
      await page.goto(`${s.url}/LuminaryModules/${ids.lamp}/show`);
      const line = page.getByTestId('lamp-program').getByTestId('map-popup-program');
      await expect.poll(() => line.textContent()).toMatch(new RegExp(`at (${on}|${off})$`));
      await page.getByTestId('lamp-program').screenshot({ path: `${SHOTS}/switch-times-program.png` });
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
