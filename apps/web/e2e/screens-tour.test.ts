import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { entity } from '@sl/domain';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- valid records for any entity, built from the registry
import { Samples } from '../../server/test/samples.ts';
import { shot } from './browser.ts';
import { openPage, signInAt, consoleForSuite } from './console-session.ts';

// The main screens in both languages: each shows its own words, and none shows a message key, a value the screen
// failed to format or, in Russian, the English of a message that has a translation. Screenshots for a person.

/** what a screen shows when a message or a value was not turned into words */
const UNFORMATTED =
  /\|\|\|\||\b(resources|sl|ra)\.[a-z][\w.]*|\bundefined\b|\bNaN\b|\[object Object\]|Invalid Date/;
/** English words of the console that Russian screens translate */
const ENGLISH = /\b(Save|Cancel|Delete|Create|Edit|Export|Search|Rows per page|No results|Sign out)\b/;

let s: TestServer;
let browser: Browser;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const samples = new Samples(s);
    const Modules = entity('LuminaryModules');
    for (let i = 0; i < 5; i++) await s.call('POST', '/api/v1/LuminaryModules', await samples.body(Modules));
    // device state is written by the field, never through the API
    await s.sql(
      `update ${Modules.table} set cl_status = (array[1, 0, 3, 4, -1])[1 + (_id % 5)] where deleted_at is null`,
    );
  },
);

const TOUR: [string, string, Record<'en-us' | 'ru', string>][] = [
  ['modules', '/LuminaryModules', { 'en-us': 'Broken', ru: 'Неисправен' }],
  ['roles', '/Roles/create', { 'en-us': 'Default rights', ru: 'Права по умолчанию' }],
  ['user', '/Users/create', { 'en-us': 'Repeat the password', ru: 'Повторите пароль' }],
  // a form's heading names one of its kind
  ['mounting', '/LuminarySupports/create', { 'en-us': 'Create Mounting', ru: 'Опора: создание' }],
  ['wizard', '/Wizard', { 'en-us': 'Group administrator', ru: 'Администратор группы' }],
  ['profile', '/Profile', { 'en-us': 'Signed in as admin', ru: 'Вход выполнен как admin' }],
  ['about', '/About', { 'en-us': 'Licensing', ru: 'Лицензии' }],
  ['dashboard', '/Dashboard', { 'en-us': 'Dashboard', ru: 'Панель' }],
];

describe('screens in both languages', () => {
  for (const lang of ['en-us', 'ru'] as const)
    it(`shows each main screen in words of ${lang}`, async () => {
      const page = await openPage(browser, lang);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/About');
      const suffix = lang === 'ru' ? 'ru' : 'en';
      for (const [name, path, ready] of TOUR) {
        await page.goto(s.url + path);
        await page.getByText(ready[lang], { exact: true }).first().waitFor();
        await shot(page, `tour-${name}-${suffix}`);
        const text = await page.locator('body').innerText();
        expect(text.match(UNFORMATTED)?.[0], `${path} in ${lang}`).toBeUndefined();
        if (lang === 'ru') expect(text.match(ENGLISH)?.[0], `${path} in ru`).toBeUndefined();
      }
    });
});
