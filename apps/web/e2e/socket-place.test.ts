import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser tests drive the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
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
});
