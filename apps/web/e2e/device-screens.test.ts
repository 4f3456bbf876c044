import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser tests drive the real server, as the HTTP tests do
import { ADMIN_PASSWORD } from '../../server/test/harness.ts';
import { SHOTS } from './browser.ts';
import { openPage, signInAt } from './console-session.ts';
import { mapFieldForSuite, type MapField } from './map-helpers.ts';
import { seriousViolations } from './axe.ts';

// Issue 15: the control module's and the mounting's own screens, in en-us and ru, over the simulated field.

let f: MapField;
mapFieldForSuite((field) => (f = field));

const TEXT = {
  'en-us': {
    live: 'Live values',
    energyUnit: 'kWh',
    raw: 'Raw module data',
    minPwm: 'Minimum PWM, %',
    send: 'Send to the module',
    took: 'The module took the parameters',
    off: 'Off',
    done: 'Done',
    timedOut: 'Error timeout',
    socket: 'Socket 1',
    moves: 'saving moves it here',
    save: 'Save the sockets',
    saved: 'The sockets are saved',
    module: /module/i,
  },
  ru: {
    live: 'Текущие значения',
    energyUnit: 'кВт·ч',
    raw: 'Исходные данные модуля',
    minPwm: 'Минимальный ШИМ, %',
    send: 'Отправить в модуль',
    took: 'Модуль принял параметры',
    off: 'Выкл.',
    done: 'Выполнено',
    timedOut: 'Превышено время ожидания',
    socket: 'Гнездо 1',
    moves: 'при сохранении переместится сюда',
    save: 'Сохранить гнёзда',
    saved: 'Гнёзда сохранены',
    module: /модуль/i,
  },
} as const;

const moduleOf = async (mac: string) =>
  (await f.s.call('GET', `/api/v1/LuminaryModules?mac=${mac.replace(/:/g, '').toUpperCase()}`)).body.data[0];

/** until the module has reported through its controller */
async function reported(mac: string) {
  await expect.poll(async () => (await moduleOf(mac))?.lastReceivedAt, { timeout: 20_000 }).toBeTruthy();
  return moduleOf(mac);
}

const card = (page: Page, id: string) => page.getByTestId(id);
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/**
 * Clicks a command's button until its answer is other than a timeout, three times at most: the test server gives
 * the field 800 ms, which a machine shared by several suites does not always keep.
 */
async function commanded(button: Locator, answer: Locator, timedOut: string) {
  let said = '';
  for (let i = 0; i < 3; i++) {
    await button.click();
    // the button is busy while the command is out; its answer is read once it is free again
    await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
    await answer.waitFor();
    said = await answer.innerText();
    if (said !== timedOut) break;
  }
  return said;
}

/** signed in as the administrator, at `path`; patient, as the field and the other suites share the machine */
async function adminAt(path: string, lang: 'en-us' | 'ru') {
  const page = await openPage(f.browser, lang);
  page.setDefaultTimeout(30_000);
  await signInAt(page, f.s.url, 'admin', ADMIN_PASSWORD, path);
  return page;
}

describe('the control module and mounting screens in Chromium', () => {
  for (const [i, lang] of (['en-us', 'ru'] as const).entries()) {
    const t = TEXT[lang];

    it(`shows a module's live values in §9 units, raw data, history, and sends it parameters and a dim (${lang})`, async () => {
      const lamp = f.sim.city.cabinets[i]!.modules[0]!;
      const m = await reported(lamp.mac);
      // an hour apart before its last report: the 24 hours the chart shows first
      const last = Date.parse(m.lastReceivedAt);
      for (const [h, pwm] of [
        [3, 20],
        [2, 40],
        [1, 60],
      ] as const)
        await f.s.sql(
          `insert into module_readings (at, mac, pwm, pow, energy, temp, rssi) values ($1, $2, $3, 10, 5000, 20, -70)`,
          [new Date(last - h * 3_600_000).toISOString(), m.mac, pwm],
        );
      const page = await adminAt(`/LuminaryModules/${m._id}/show`, lang);
      try {
        const live = card(page, 'module-live');
        await live.getByText(t.live).waitFor();
        await expect.poll(() => live.innerText()).toContain(t.energyUnit);
        // its last report on its city's clock (Cambridge, MA), named by its zone, whatever the browser's
        const { timezone } = (await f.s.call('GET', `/api/v1/Cities/${m.city}`)).body;
        // ru's short zone names are offsets (GMT-5): it names the zone in words
        const zone = await page.evaluate(
          ([locale, timeZone, name]) =>
            new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: name })
              .formatToParts(new Date())
              .find((p) => p.type === 'timeZoneName')!.value,
          [
            lang === 'ru' ? 'ru-RU' : 'en-US',
            timezone as string,
            lang === 'ru' ? ('longGeneric' as const) : ('short' as const),
          ] as const,
        );
        expect(timezone).toBe('America/New_York');
        await expect.poll(() => live.innerText()).toContain(zone);
        expect(await live.innerText()).toMatch(/\d+(,|\.)?\d*\s?%/);
        const raw = card(page, 'module-raw');
        expect(await raw.innerText()).toContain(t.raw);
        expect(await raw.innerText()).toContain('rssi');
        const chart = page.getByTestId('module-history-chart');
        await expect
          .poll(async () => Number(await chart.getAttribute('data-points')))
          .toBeGreaterThanOrEqual(3);
        await card(page, 'event-history').waitFor();
        await card(page, 'lamp-program').waitFor();
        expect(await seriousViolations(page)).toEqual([]);

        const params = card(page, 'module-params');
        const minPwm = params.getByLabel(t.minPwm);
        await minPwm.fill('0');
        expect(await params.getByRole('button', { name: t.send }).isDisabled()).toBe(true);
        await minPwm.fill('20');
        const answer = params.getByTestId('module-params-answer');
        expect(await commanded(params.getByRole('button', { name: t.send }), answer, t.timedOut)).toBe(
          t.took,
        );

        const dim = card(page, 'device-dim');
        const off = dim.getByRole('button', { name: t.off, exact: true });
        expect(await commanded(off, dim.getByTestId('device-dim-answer'), t.timedOut)).toBe(t.done);
        await shot(page, `hb-module-${lang === 'ru' ? 'ru' : 'en'}`);
      } finally {
        await page.context().close();
      }
    }, 120_000);

    it(`edits a mounting's sockets, moving a module from another mounting, with its lamps live (${lang})`, async () => {
      const lamp = f.sim.city.cabinets[i]!.modules[1]!;
      const m = await reported(lamp.mac);
      const from = (await f.s.call('GET', `/api/v1/LuminarySupports/${m.luminarySupport}`)).body;
      const page = await adminAt(`/LuminarySupports/${from._id}/show`, lang);
      try {
        const sockets = card(page, 'support-sockets');
        await sockets.getByText(t.socket, { exact: true }).waitFor();
        const lamps = card(page, 'support-lamps');
        await expect.poll(() => lamps.innerText()).toContain(m.mac);
        await card(page, 'small-map').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `hb-support-${lang === 'ru' ? 'ru' : 'en'}`);

        const to = (
          await f.s.call('POST', '/api/v1/LuminarySupports', { uid: `E2E-MOVE-${lang}`, socketCount: 1 })
        ).body;
        await page.goto(`${f.s.url}/LuminarySupports/${to._id}/show`);
        await sockets.getByRole('button', { name: /add|добавить/i }).click();
        const moduleInput = sockets.getByRole('combobox', { name: t.module });
        await moduleInput.fill(m.mac);
        await page.getByRole('option', { name: m.mac }).click();
        await expect.poll(() => sockets.getByTestId('socket-1-moves').innerText()).toContain(t.moves);
        // one socket of one: no second one can be added
        await sockets.getByTestId('sockets-full').waitFor();
        await sockets.getByRole('button', { name: t.save }).click();
        await page.getByText(t.saved).waitFor();
        const holders = (await f.s.call('GET', `/api/v2/luminary-supports/holders?modules=${m._id}`)).body
          .result;
        expect(holders.map((h: { support: number }) => h.support)).toEqual([to._id]);
      } finally {
        await page.context().close();
      }
    }, 120_000);
  }

  it('walks the device screens in ru without a raw key, an English word or an English number', async () => {
    const lamp = f.sim.city.cabinets[2]!.modules[0]!;
    const m = await reported(lamp.mac);
    const first = async (e: string) => (await f.s.call('GET', `/api/v1/${e}?limit=1&sort=_id`)).body.data[0];
    const cabinet = (await f.s.call('GET', `/api/v1/Controllers/${m.controller}`)).body.cabinet;
    const tour: [string, string][] = [
      [`/LuminaryModules/${m._id}/show`, 'module-raw'],
      [`/LuminarySupports/${m.luminarySupport}/show`, 'support-sockets'],
      [`/Cabinets/${cabinet}/show`, 'cabinet-tonight'],
      [`/Controllers/${m.controller}/show`, 'cabinet-tonight'],
      [`/Meters/${(await first('Meters'))._id}/show`, 'meter-active'],
      ['/Dashboard', 'commands-pending-count'],
      ['/Commands', 'commands-table'],
      ['/Events', 'events-badge'],
    ];
    const page = await adminAt(tour[0]![0], 'ru');
    try {
      for (const [path, ready] of tour) {
        await page.goto(f.s.url + path);
        await page.getByTestId(ready).first().waitFor();
        // the city's zone comes with its record: what is left once it has
        await expect
          .poll(async () => leftovers(await page.locator('main, #main-content').first().innerText()), {
            timeout: 20_000,
          })
          .toEqual([]);
        await shot(page, `ru-tour${path.replace(/\//g, '-')}`);
      }
    } finally {
      await page.context().close();
    }
  }, 240_000);
});

/** what a Russian screen shows untranslated: a zone as an offset, a method's or a type's code, English, 8.5 */
function leftovers(text: string): string[] {
  const found = [
    /GMT[+-−]\d+/,
    /\b(BORDERS|SIMPLE|MID|CIVIL|NAUTICAL)\b/,
    /\b(schedule|meter|program|dim|json|controller)\b/,
    /\b(New York|Eastern|Middle|Borders|Save|Edit|Delete|Export|Rows per page|Power schedule)\b/,
    /\b(resources|sl|ra)\.[a-z][\w.]*/,
    /\{"/,
    // a module's raw key where its name should stand
    /^(lux|pow|rssi|runh|rfch|rfpwr)\t/m,
    // a decimal point where ru writes a comma (a version 1.0.0 or a date 28.11.2026 is not one)
    /(?<![\d.])-?\d+\.\d+(?![\d.])/,
  ].map((re) => text.match(re)?.[0]);
  return found.filter((x): x is string => x !== undefined);
}
