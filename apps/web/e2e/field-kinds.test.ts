import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { openPage, signIn, consoleForSuite } from './console-session.ts';
import { adminAt, choose, first, input, save, value } from './form-helpers.ts';

// Every field kind of the registry through its console input: filled, saved, read back over the API and reopened.

let s: TestServer;
let browser: Browser;
let city: number;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const vendor = (await s.call('POST', '/api/v1/Vendors', { name: 'Philips' })).body._id;
    await s.call('POST', '/api/v1/LuminaryModels', { name: 'M1', vendor });
    const name = { 'en-us': 'Springfield', ru: 'Спрингфилд' };
    city = (await s.call('POST', '/api/v1/Cities', { name, lat: 39.8, lon: -89.64 })).body._id;
    await s.call('POST', '/api/v1/Controllers', { uid: 'C-1', mac: 'AABBCCDDEE01' });
    await s.call('POST', '/api/v1/Roles', { name: 'Night operator' });
  },
);

const one = (entity: string, query: string) => first(s, entity, query);
// a record's references are read by name after it shows: under CI's load that took longer than poll's 1 s
const SHOWN = { timeout: 10_000 };
const admin = (path: string) => adminAt(s, browser, path);

describe('every field kind round-trips through its console input', () => {
  it('time, int and enum in an object: a dimming profile', async () => {
    const page = await admin('/Profiles/create');
    await input(page, 'Name').fill('Night');
    await choose(page, 'Kind', /^linear/i);
    // typed as the language writes a time
    await input(page, 'Settings: Time 1').fill('10:00 PM');
    await input(page, 'Settings: PWM 1').fill('40');
    // a twilight code is chosen by its method's name
    await choose(page, 'Settings: Twilight', 'Civil twilight (6° below) (speed variant)');
    await save(page, 'Profiles');
    const saved = await one('Profiles', 'name=Night');
    expect(saved).toMatchObject({ kind: 'linear', settings: { time1: '22:00', pwm1: 40, twil: 131 } });
    await page.goto(`${s.url}/Profiles/${saved._id}`);
    await expect.poll(() => value(page, 'Settings: Time 1'), SHOWN).toBe('10:00 PM');
    await expect.poll(() => value(page, 'Settings: PWM 1'), SHOWN).toBe('40');
  });

  it('a list of objects with times and a reference: a power schedule', async () => {
    const page = await admin('/ControllerSchedule/create');
    await choose(page, 'Controller', 'C-1');
    await input(page, 'Month').fill('2026-11');
    await page.getByRole('button', { name: 'Add' }).click();
    await input(page, 'Day').fill('5');
    await input(page, 'Off at').fill('06:30');
    await input(page, 'On at').fill('18:15');
    await save(page, 'ControllerSchedule');
    const saved = await one('ControllerSchedule', 'month=2026-11');
    expect(saved.timeData).toEqual([{ day: 5, off: '06:30', on: '18:15' }]);
    await page.goto(`${s.url}/ControllerSchedule/${saved._id}`);
    // typed in the API's form, shown in the language's
    await expect.poll(() => value(page, 'Off at'), SHOWN).toBe('06:30 AM');
    await expect.poll(() => value(page, 'Controller'), SHOWN).toBe('C-1');
  });

  it('text, int, day, a reference and an empty point, which is no location: a lamp', async () => {
    const page = await admin('/Luminaries/create');
    await input(page, 'UID').fill('LAMP-2');
    await choose(page, 'Model', 'M1');
    await input(page, 'Max lumen').fill('1200');
    await input(page, 'Installation date').fill('03/01/2026');
    await save(page, 'Luminaries');
    const saved = await one('Luminaries', 'uid=LAMP-2');
    expect(saved).toMatchObject({ maxLumen: 1200, installationDate: '2026-03-01' });
    expect(saved.location ?? null).toBeNull();
    await page.goto(`${s.url}/Luminaries/${saved._id}`);
    await expect.poll(() => value(page, 'Model'), SHOWN).toBe('M1');
    await expect.poll(() => value(page, 'Installation date'), SHOWN).toBe('03/01/2026');
    await expect.poll(() => value(page, 'Latitude'), SHOWN).toBe('');

    await input(page, 'Latitude').fill('39.8');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter both latitude and longitude, or neither').waitFor();
    await input(page, 'Longitude').fill('-89.64');
    await save(page, 'Luminaries');
    expect((await one('Luminaries', 'uid=LAMP-2')).location.coordinates).toEqual([-89.64, 39.8]);
  });

  it('float, integer enum, bool and a list of values: a module and a controller', async () => {
    const page = await admin('/LuminaryModules/create');
    await input(page, 'MAC').fill('AABBCCDDEE02');
    await input(page, 'Height').fill('7.5');
    await choose(page, 'Phase', 'B');
    await save(page, 'LuminaryModules');
    const module = await one('LuminaryModules', 'mac=AABBCCDDEE02');
    expect(module).toMatchObject({ height: 7.5, phase: 2 });
    await page.goto(`${s.url}/LuminaryModules/${module._id}`);
    await expect.poll(() => value(page, 'Height'), SHOWN).toBe('7.5');

    const controller = await one('Controllers', 'uid=C-1');
    await page.goto(`${s.url}/Controllers/${controller._id}`);
    await input(page, 'Reading meter').check();
    const reversed = Array.from({ length: 16 }, (_, i) => 15 - i);
    await input(page, 'Sequence').fill(reversed.join(', '));
    await save(page, 'Controllers');
    expect(await one('Controllers', 'uid=C-1')).toMatchObject({ readingMeter: true, sequence: reversed });
    await page.goto(`${s.url}/Controllers/${controller._id}`);
    expect(await input(page, 'Reading meter').isChecked()).toBe(true);
    await expect.poll(() => value(page, 'Sequence'), SHOWN).toBe(reversed.join(', '));
  });

  it('timestamp: an event, as the operator sees the instant', async () => {
    const page = await admin('/ImportantEvents/create');
    await choose(page, 'Type', /^module.not.responding$/i);
    await input(page, 'Open date').fill('11/23/2026 10:00 PM');
    await save(page, 'ImportantEvents');
    const saved = await one('ImportantEvents', 'sort=-_id');
    const instant = await page.evaluate(() => new Date('2026-11-23T22:00').toISOString());
    expect(new Date(saved.openDate).toISOString()).toBe(instant);
    await page.goto(`${s.url}/ImportantEvents/${saved._id}`);
    await expect.poll(() => value(page, 'Open date'), SHOWN).toBe('11/23/2026 10:00 PM');
  });

  it('a day and a time in Russian: written as Russian writes them, and an impossible day refused', async () => {
    const page = await adminAt(s, browser, '/Luminaries/create', 'ru');
    await input(page, 'UID').fill('LAMP-RU');
    await input(page, 'Дата установки').fill('30.02.2026');
    await page.getByText('Формат: ДД.ММ.ГГГГ').waitFor();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    // the form is not sent: the field says how to write a date
    await page.getByText(/Форма заполнена неверно/).waitFor();
    expect(await input(page, 'Дата установки').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Формат: ДД.ММ.ГГГГ').waitFor();
    expect(await one('Luminaries', 'uid=LAMP-RU')).toBeUndefined();
    await input(page, 'Дата установки').fill('28.02.2026');
    await save(page, 'Luminaries');
    const saved = await one('Luminaries', 'uid=LAMP-RU');
    expect(saved.installationDate).toBe('2026-02-28');
    await page.goto(`${s.url}/Luminaries/${saved._id}`);
    await expect.poll(() => value(page, 'Дата установки'), SHOWN).toBe('28.02.2026');
  });

  it('references to many: a group and its cities', async () => {
    const page = await admin('/Groups/create');
    await input(page, 'Name').fill('Springfield lights');
    await choose(page, 'Cities', 'Springfield');
    await save(page, 'Groups');
    const saved = await one('Groups', 'name=Springfield%20lights');
    expect(saved.cities).toEqual([city]);
    await page.goto(`${s.url}/Groups/${saved._id}`);
    await page.locator('.MuiChip-label', { hasText: 'Springfield' }).waitFor();
  });

  it('password: a user who then signs in with it', async () => {
    const page = await admin('/Users/create');
    await input(page, 'Login').fill('nightshift');
    await page.getByLabel(/^Password/).fill('Night-shift-7');
    await input(page, 'Repeat the password').fill('Night-shift-7');
    await choose(page, 'Role', 'Night operator');
    await input(page, 'E-mail').fill('nightshift@example.org');
    // an administrator is in no group: a user they make is put in one
    await choose(page, 'Group', 'Demo');
    await shot(page, 'field-kinds-user-en');
    await save(page, 'Users');
    const saved = await one('Users', 'login=nightshift');
    expect(saved.password).toBeUndefined();
    const user = await openPage(browser, 'en-us');
    await signIn(user, s.url, 'nightshift', 'Night-shift-7');
  });
});
