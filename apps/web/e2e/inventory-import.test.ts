import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signIn } from './console-session.ts';

let s: TestServer;
let browser: Browser;
consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    await s.call('POST', '/api/v1/Cabinets', { uid: 'CAB-1' });
  },
);

const dir = mkdtempSync(path.join(tmpdir(), 'h15-import-'));
const file = (name: string, lines: string[]) => {
  const at = path.join(dir, name);
  writeFileSync(at, ['uid,street,cabinet,lon,lat', ...lines].join('\n'));
  return at;
};
const total = async () => (await s.call('GET', '/api/v1/LuminarySupports')).body.total as number;

const WORDS = {
  'en-us': {
    menu: 'Inventory import',
    file: 'Choose a CSV or GeoJSON file',
    dry: 'Check (dry run)',
    run: 'Import',
    none: 'Not found',
    refused: 'Nothing was imported',
    done: 'Imported: 2 of 2 rows.',
  },
  ru: {
    menu: 'Импорт инвентаря',
    file: 'Выберите файл CSV или GeoJSON',
    dry: 'Проверить (без записи)',
    run: 'Импортировать',
    none: 'Не найдено',
    refused: 'Ничего не импортировано',
    done: 'Импортировано: 2 из 2 строк.',
  },
} as const;

describe('inventory import screen', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    it(`checks a file, refuses it whole with a broken row, and imports it fixed (${lang})`, async () => {
      const w = WORDS[lang];
      const page = await openPage(browser, lang);
      await signIn(page, s.url, 'admin', ADMIN_PASSWORD);
      await page.getByRole('menuitem', { name: w.menu }).click();
      await page.waitForURL('**/Import');
      const before = await total();
      const tag = lang === 'ru' ? 'R' : 'E';
      const broken = file(`broken-${lang}.csv`, [
        `${tag}-1,Main St,CAB-1,-71.1,42.37`,
        `${tag}-2,Main St,CAB-404,-71.1,42.37`,
      ]);
      await page.locator('input[type=file]').setInputFiles(broken);
      await page.getByRole('button', { name: w.dry }).click();
      const problems = page.getByTestId('import-problems');
      await problems.getByText(w.none).waitFor();
      await problems.getByText('CAB-404').waitFor();
      await page.getByRole('button', { name: w.run, exact: true }).click();
      await page.getByTestId('import-outcome').getByText(w.refused).waitFor();
      await shot(page, `h15-import-${lang}`);
      expect(await total()).toBe(before);

      const fixed = file(`fixed-${lang}.csv`, [
        `${tag}-1,Main St,CAB-1,-71.1,42.37`,
        `${tag}-2,Main St,CAB-1,-71.1,42.37`,
      ]);
      await page.locator('input[type=file]').setInputFiles(fixed);
      await page.getByRole('button', { name: w.run, exact: true }).click();
      await page.getByTestId('import-outcome').getByText(w.done).waitFor();
      expect(await total()).toBe(before + 2);
      await page.context().close();
    });
  }
});
