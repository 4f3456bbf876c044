import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, rows, signIn, signInAt } from './console-session.ts';
import { settled } from './map-helpers.ts';

// The console under the server's content security policy (apps/server/src/plugins/security.ts): the map
// (MapLibre's worker, its blob: and data: images, the device tiles), a list and a form work, and nothing the
// console does is refused. A script the page did not load from the server is.

let s: TestServer;
let browser: Browser;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    for (const [uid, lon, lat] of [
      ['CSP-1', -71.1097, 42.3736],
      ['CSP-2', -71.1099, 42.3738],
    ] as const)
      await s.call('POST', '/api/v1/LuminarySupports', {
        uid,
        location: { type: 'Point', coordinates: [lon, lat] },
      });
  },
);

/** Every refusal of the policy the page sees: the DOM events and the console's reports of them. */
async function watch(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && reported.push(m.text()));
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push(
        `${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
      ),
    );
  });
  return async () => [
    ...reported,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

describe('the console under its content security policy, in Chromium', () => {
  it('draws the map and its devices with nothing refused', async () => {
    const page = await openPage(browser, 'en-us');
    const violations = await watch(page);
    await signIn(page, s.url, 'admin', ADMIN_PASSWORD);
    await settled(page);
    await page.evaluate(() => window.__slMap!.jumpTo({ center: [-71.1098, 42.3737], zoom: 18 }));
    await settled(page);
    const drawn = await page.evaluate(
      () => window.__slMap!.queryRenderedFeatures().filter((f) => f.source === 'devices').length,
    );
    await shot(page, 'csp-map');
    expect(drawn).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
  });

  it('lists, creates and edits with nothing refused, and refuses a script the server did not send', async () => {
    const page = await openPage(browser, 'en-us');
    const violations = await watch(page);
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Vendors/create');
    await page.getByLabel('Name').fill('Signify');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/Vendors');
    await rows(page).first().waitFor();
    await page.goto(s.url + '/LuminarySupports');
    await rows(page).first().waitFor();
    await rows(page).first().click();
    await page.getByLabel('Latitude').waitFor();
    await shot(page, 'csp-form');
    expect(await violations()).toEqual([]);

    // the policy is in force: an injected inline script does not run, and the refusal is seen
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((r) => setTimeout(r, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect((await violations()).join('\n')).toMatch(/script-src/);
  });
});
