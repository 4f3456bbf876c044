import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { openPage, signInAt, consoleForSuite } from './console-session.ts';
import { seriousViolations } from './axe.ts';

let s: TestServer;
let browser: Browser;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    await s.call('POST', '/api/v1/Vendors', { name: 'Axe vendor' });
  },
);

// each screen, and something on it that says it has rendered
const SCREENS: [string, string][] = [
  ['/Vendors', 'Axe vendor'],
  ['/Vendors/create', 'Save'],
  ['/Users/create', 'Save'],
  ['/Roles/create', 'Default rights'],
  ['/Cities/create', 'Time zone from coordinates'],
  ['/Wizard', 'Create'],
  ['/Profile', 'My profile'],
  ['/Licensing', 'Bundled data'],
  ['/Import', 'Choose a CSV or GeoJSON file'],
  ['/TalqGateways', 'Commission a gateway'],
];

describe('accessibility (axe) in Chromium', () => {
  it('finds no serious or critical violation on the login page', async () => {
    const page = await openPage(browser, 'en-us');
    await page.goto(s.url + '/');
    await page.getByRole('button', { name: 'Demo' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds none on a list, the forms and the administration screens', async () => {
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, SCREENS[0]![0]);
    const found: Record<string, string[]> = {};
    for (const [path, ready] of SCREENS) {
      await page.goto(s.url + path);
      await page.getByText(ready, { exact: true }).first().waitFor();
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  }, 120_000);
});
