import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, rows, signInAt } from './console-session.ts';

// Detail screens and list cells show values as an operator reads them (spec §4, §9): units, the language's
// number format, names instead of codes, labelled parts instead of JSON; lamps and mountings show their
// modules' state, a cabinet its controller's.

let s: TestServer;
let browser: Browser;
const ids: Record<string, number> = {};

async function made(path: string, body: object) {
  const res = await s.call('POST', `/api/v1/${path}`, body);
  if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  return res.body._id as number;
}

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (server) => {
    s = server;
    ids.module = await made('LuminaryModules', {
      mac: 'A1:00:00:00:00:09',
      phase: 1,
      location: { type: 'Point', coordinates: [-71.10941249, 42.3736112] },
    });
    ids.lamp = await made('Luminaries', { uid: 'LAMP-E2E', controlModule: ids.module });
    // the socket is where the module is: its phase and the mounting's place become the module's
    ids.mounting = await made('LuminarySupports', {
      uid: 'POST-E2E',
      location: { type: 'Point', coordinates: [-71.10941249, 42.3736112] },
      sockets: [{ luminary: ids.lamp, luminaryModule: ids.module, phase: 1 }],
    });
    ids.controller = await made('Controllers', { uid: 'CTRL-E2E', mac: 'C1:00:00:00:00:09' });
    ids.cabinet = await made('Cabinets', { uid: 'CAB-E2E', controller: ids.controller });
    ids.meter = await made('Meters', { serial: 'METER-E2E' });
    ids.profile = await made('Profiles', {
      name: 'Night E2E',
      kind: 'linear',
      twilightMethod: 'CIVIL',
      settings: { time1: '22:00', pwm0: 100, pwm1: 40, twil: 131 },
    });
    ids.roadClass = await made('Types', { name: 'Main road' });
    ids.politic = await made('Politics', {
      name: 'Main roads',
      profile: ids.profile,
      rules: [{ conditions: { roadClasses: [ids.roadClass], dateTypes: ['holiday'] }, profile: ids.profile }],
    });
    ids.user = await made('Users', {
      login: 'anna',
      name: 'Anna',
      password: 'Anna-pass-2026',
      type: 'ADMIN',
      role: await s.plainRole(),
      email: 'anna@example.org',
    });
    // what the field reports never comes through the API
    await s.sql(
      `update luminary_modules set energy = 123456, pow = 70.25, twil = 3, cl_status = 1, lux = 12.5 where _id = $1`,
      [ids.module],
    );
    await s.sql(`update controllers set iostate = 254, cl_status = 1, cputemp = 38.5 where _id = $1`, [
      ids.controller,
    ]);
    const phase = (p: number, power: number) => ({
      phase: p,
      voltage: 23012,
      current: 1500,
      power,
      energy: 123456,
    });
    await s.sql(`update meters set energy_data = $1::jsonb where _id = $2`, [
      JSON.stringify([phase(1, 25000), phase(2, 26000), phase(3, 24000)]),
      ids.meter,
    ]);
  },
);

async function session(lang: 'en-us' | 'ru'): Promise<Page> {
  const page = await openPage(browser, lang);
  await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/About');
  return page;
}

/** A record's show screen once `ready` is on it (references resolved), as text. */
async function detail(page: Page, path: string, name: string, ready: string | RegExp) {
  await page.goto(`${s.url}/${path}/show`);
  await page.locator('.RaShow-main').getByText(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, name);
  const text = await page.locator('.RaShow-main').innerText();
  expect(text, 'no raw JSON').not.toMatch(/[[{]"/);
  return text;
}

describe('values on detail screens and in lists', () => {
  it('shows a module with units, its phase and twilight by name, its location as latitude and longitude', async () => {
    const en = await session('en-us');
    const text = await detail(en, `LuminaryModules/${ids.module}`, 'values-module-en', 'Latitude');
    expect(text).toContain('123.46\u00a0kWh');
    expect(text).toContain('70.3\u00a0W');
    expect(text).toMatch(/Phase\s+A\b/);
    expect(text).toMatch(/Twilight\s+Civil/);
    expect(text).toMatch(/Latitude\s+42\.373611°/);
    const ru = await session('ru');
    const russian = await detail(ru, `LuminaryModules/${ids.module}`, 'values-module-ru', 'Широта');
    expect(russian).toContain('123,46\u00a0кВт·ч');
    expect(russian).toContain('70,3\u00a0Вт');
    expect(russian).toMatch(/Широта\s+42,373611°/);
    expect(russian).toContain('Гражданские сумерки');
  });

  it("decodes a controller's I/O state and a meter's phases", async () => {
    const page = await session('en-us');
    const io = await detail(page, `Controllers/${ids.controller}`, 'values-controller-en', 'Door');
    expect(io).toMatch(/Door\s+closed/);
    expect(io).toMatch(/Mode\s+automatic/);
    expect(io).toMatch(/Contactor C\s+closed/);
    expect(io).toContain('38.5\u00a0°C');
    const meter = await detail(page, `Meters/${ids.meter}`, 'values-meter-en', 'Voltage');
    expect(meter).toContain('230.12\u00a0V');
    expect(meter).toContain('1.5\u00a0A');
    expect(meter).toContain('250\u00a0W');
    expect(meter).toContain('123.46\u00a0kWh');
    const ru = await session('ru');
    const russian = await detail(ru, `Meters/${ids.meter}`, 'values-meter-ru', 'Напряжение');
    expect(russian).toContain('230,12\u00a0В');
    expect(russian).toMatch(/Напряжение/);
  });

  it('shows profile settings and politic rules as labelled values, enum values by name, in both languages', async () => {
    const en = await session('en-us');
    const text = await detail(en, `Profiles/${ids.profile}`, 'values-profile-en', 'Time 1');
    expect(text).toContain('Linear (eight points)');
    expect(text).toMatch(/Time 1\s+22:00/);
    expect(text).toMatch(/PWM 1\s+40%/);
    expect(text).toContain('Civil twilight (6° below) (speed variant)');
    const ru = await session('ru');
    const russian = await detail(ru, `Profiles/${ids.profile}`, 'values-profile-ru', 'Время 1');
    expect(russian).toContain('Линейный (восемь точек)');
    expect(russian).toMatch(/Время 1\s+22:00/);
    expect(russian).not.toMatch(/Time1|Pwm/);
    const rules = await detail(ru, `Politics/${ids.politic}`, 'values-politic-ru', 'Main road');
    expect(rules).toMatch(/Классы дорог\s+Main road/);
    expect(rules).toMatch(/Типы дней\s+Праздник/);
    expect(rules).toContain('Night E2E');
    const user = await detail(ru, `Users/${ids.user}`, 'values-user-ru', 'Anna');
    expect(user).toMatch(/Имя\s+Anna/);
  });

  it("shows mountings and lamps in their modules' state, a cabinet in its controller's", async () => {
    const page = await session('en-us');
    for (const [path, uid] of [
      ['LuminarySupports', 'POST-E2E'],
      ['Luminaries', 'LAMP-E2E'],
      ['Cabinets', 'CAB-E2E'],
    ] as const) {
      await page.goto(`${s.url}/${path}`);
      const row = rows(page).filter({ hasText: uid });
      await row.waitFor();
      await expect.poll(() => row.locator('.MuiChip-root').first().innerText()).toBe('On');
    }
    await shot(page, 'values-lamps-en');
    const ru = await session('ru');
    await ru.goto(`${s.url}/LuminarySupports`);
    await expect.poll(() => rows(ru).first().locator('.MuiChip-root').first().innerText()).toBe('Включён');
    const mounting = await detail(ru, `LuminarySupports/${ids.mounting}`, 'values-mounting-ru', 'LAMP-E2E');
    // its sockets are cards of labelled inputs (the mounting's own screen, issue 15)
    expect(mounting).toContain('Гнездо 1');
    expect(mounting).toContain('Модуль светильника');
    expect(mounting).toContain('LAMP-E2E');
    // an empty field says so, and the card beside says why its lamp has no program
    expect(mounting).toMatch(/Улица\s+—/);
    await expect
      .poll(() => ru.getByTestId('lamp-program').innerText())
      .toBe('Программа: нет: модуль не подключён к контроллеру');
  });

  it('invites to add a record in plain Russian when a list is empty', async () => {
    const page = await session('ru');
    await page.goto(`${s.url}/LuminarySupportOwners`);
    await page.getByText('Добавить запись?').waitFor();
    expect(await page.locator('body').innerText()).not.toContain('еще одну');
  });

  it('shows the Licensing table in Russian', async () => {
    const page = await session('ru');
    await page.goto(`${s.url}/Licensing`);
    await page.getByText('Данные в поставке').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('общественное достояние');
    expect(text).not.toContain('city-owned');
    await shot(page, 'values-licensing-ru');
  });
});
