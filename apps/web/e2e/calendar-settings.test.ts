import { describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';

// Spec §8 CalendarSettingsError on the calendar screen: a group with no time zone cannot have its calendar set up.

let s: TestServer;
let browser: Browser;
const LOGIN = 'no-zone-admin';
const PASSWORD = 'Lamps-2026';

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const group = (await s.call('POST', '/api/v1/Groups', { name: 'No zone' })).body._id;
    await s.call('POST', '/api/v1/Users', {
      login: LOGIN,
      password: PASSWORD,
      group,
      type: 'GROUPADMIN',
      role: await s.plainRole(),
      email: 'calendar@example.org',
    });
  },
);

describe('calendar settings', () => {
  for (const [lang, text] of [
    ['en-us', 'calendar initialization error, contact your administrator'],
    ['ru', 'ошибка инициализации календаря, обратитесь к администратору'],
  ] as const)
    it(`tells a user of a group with no time zone to see an administrator (${lang})`, async () => {
      const page = await openPage(browser, lang);
      page.setDefaultTimeout(20_000);
      await signInAt(page, s.url, LOGIN, PASSWORD, `/Calendar`);
      await page.getByTestId('calendar-failure').getByText(text).waitFor();
      await page.context().close();
    });
});
