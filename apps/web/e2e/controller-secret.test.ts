import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite } from './console-session.ts';
import { adminAt, input } from './form-helpers.ts';

// Issue 16 §1: a controller's broker secret is issued (and rotated) from its screen, shown once, and works.

let s: TestServer;
let browser: Browser;
let controller: number;
const MAC = '0243000A0001';

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    controller = (await s.call('POST', '/api/v1/Controllers', { uid: 'CTRL-SECRET', mac: MAC })).body._id;
  },
);

const connects = (password: string, mac = MAC) =>
  mqtt
    .connectAsync(s.brokerUrl, {
      clientId: mac,
      username: mac,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    })
    .then(
      async (c) => {
        await c.endAsync();
        return true;
      },
      () => false,
    );

describe('a controller’s broker secret in Chromium', () => {
  it('is issued from the controller screen, shown once, and lets the controller in; a new one shuts the old out', async () => {
    const secrets: string[] = [];
    for (const lang of ['en-us', 'ru'] as const) {
      const page = await adminAt(s, browser, `/Controllers/${controller}`, lang);
      await page.getByTestId('secret-open').click();
      const dialog = page.getByTestId('secret-dialog');
      await dialog
        .getByText(lang === 'ru' ? /Секрет показывается только сейчас/ : /The secret is shown only now/)
        .waitFor();
      await dialog
        .getByRole('button', { name: lang === 'ru' ? 'Выдать новый секрет' : 'Issue a new secret' })
        .click();
      const secret = dialog.getByTestId('secret-value');
      await secret.waitFor();
      await expect.poll(() => secret.inputValue()).toMatch(/^[A-Za-z0-9_-]{43}$/);
      secrets.push(await secret.inputValue());
      await shot(page, `controller-secret-${lang === 'ru' ? 'ru' : 'en'}`);
      await page.context().close();
    }
    expect(secrets[0]).not.toBe(secrets[1]);
    expect(await connects(secrets[1]!)).toBe(true);
    expect(await connects(secrets[0]!)).toBe(false);
    // never shown again: the record holds no secret
    expect(JSON.stringify((await s.call('GET', `/api/v1/Controllers/${controller}`)).body)).not.toContain(
      secrets[1]!,
    );
  });

  it('is shown once when the controller is created in the console, and lets it in', async () => {
    for (const [lang, mac] of [
      ['en-us', '0243000A00C1'],
      ['ru', '0243000A00C2'],
    ] as const) {
      const page = await adminAt(s, browser, '/Controllers/create', lang);
      await input(page, 'UID').fill(`CTRL-NEW-${lang}`);
      await input(page, 'MAC').fill(mac.toLowerCase());
      await page.getByRole('button', { name: /^(Save|Сохранить)$/ }).click();
      const dialog = page.getByTestId('secret-dialog');
      await dialog
        .getByText(lang === 'ru' ? /Больше они не показываются/ : /They are not shown again/)
        .waitFor();
      expect(await dialog.getByTestId('secret-user').inputValue()).toBe(mac);
      const secret = await dialog.getByTestId('secret-value').inputValue();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await shot(page, `controller-created-secret-${lang === 'ru' ? 'ru' : 'en'}`);
      await dialog.getByRole('button', { name: lang === 'ru' ? 'Закрыть' : 'Close' }).click();
      await page.waitForURL('**/Controllers');
      expect(await connects(secret, mac)).toBe(true);
      await page.context().close();
    }
  });
});
