import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, rows, signInAt } from './console-session.ts';

// Issue 15: a list's records per page and columns, and the fields a device's screen shows, are the user's own:
// kept after a reload, and found again in another browser (a fresh context, with nothing stored), in en-us and ru.

let s: TestServer;
let browser: Browser;
let moduleId: number;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    for (let i = 0; i < 30; i++) {
      const mac = `0C00000000${String(i).padStart(2, '0')}`;
      const m = (await s.call('POST', '/api/v1/LuminaryModules', { mac, uid: `P-${i}` })).body;
      moduleId ??= m._id;
    }
  },
);

const TEXT = {
  'en-us': { perPage: /Rows per page/, columns: 'Columns', uid: 'UID', fields: 'Fields shown', rssi: 'RSSI' },
  ru: {
    perPage: /Строк на странице/,
    columns: 'Столбцы',
    uid: 'UID',
    fields: 'Показываемые поля',
    rssi: 'Уровень сигнала',
  },
} as const;

async function browserOf(lang: 'en-us' | 'ru', path: string) {
  const page = await openPage(browser, lang);
  page.setDefaultTimeout(20_000);
  await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, path);
  return page;
}

const header = (page: Page, name: string) => page.locator('thead').getByText(name, { exact: true });
const liveLabels = (page: Page) => page.getByTestId('module-live').innerText();

describe('preferences that follow the user, in Chromium', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    const t = TEXT[lang];
    it(`keeps records per page, columns and shown fields after a reload and in another browser (${lang})`, async () => {
      const first = await browserOf(lang, '/LuminaryModules');
      await rows(first).first().waitFor();
      const perPage = lang === 'ru' ? 50 : 25;
      await first.getByRole('combobox', { name: t.perPage }).click();
      await first.getByRole('option', { name: String(perPage), exact: true }).click();
      await expect.poll(() => rows(first).count()).toBe(Math.min(perPage, 30));
      const uidShown = (await header(first, t.uid).count()) > 0;
      await first.getByRole('button', { name: t.columns }).click();
      await first.locator('.MuiPopover-paper').getByText(t.uid, { exact: true }).click();
      await first.keyboard.press('Escape');
      await expect.poll(() => header(first, t.uid).count()).toBe(uidShown ? 0 : 1);

      await first.goto(`${s.url}/LuminaryModules/${moduleId}/show`);
      await first.getByTestId('module-live').waitFor();
      expect(await liveLabels(first)).toContain(t.rssi);
      await first.getByRole('button', { name: t.fields }).click();
      await first.getByRole('menuitemcheckbox', { name: t.rssi }).click();
      await first.keyboard.press('Escape');
      await expect.poll(() => liveLabels(first)).not.toContain(t.rssi);

      await first.reload();
      await first.getByTestId('module-live').waitFor();
      expect(await liveLabels(first)).not.toContain(t.rssi);

      const second = await browserOf(lang, '/LuminaryModules');
      await expect.poll(() => rows(second).count()).toBe(Math.min(perPage, 30));
      await expect.poll(() => header(second, t.uid).count()).toBe(uidShown ? 0 : 1);
      await second.goto(`${s.url}/LuminaryModules/${moduleId}/show`);
      await second.getByTestId('module-live').waitFor();
      await expect.poll(() => liveLabels(second)).not.toContain(t.rssi);
      await shot(second, `hb-prefs-second-${lang === 'ru' ? 'ru' : 'en'}`);

      // shown again, for the next language's run
      await second.getByRole('button', { name: t.fields }).click();
      await second.getByRole('menuitemcheckbox', { name: t.rssi }).click();
      await second.keyboard.press('Escape');
      await expect.poll(() => liveLabels(second)).toContain(t.rssi);
      await first.context().close();
      await second.context().close();
    });
  }
});
