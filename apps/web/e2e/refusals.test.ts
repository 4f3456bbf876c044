import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { getTableName, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { entity } from '@sl/domain';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { tableOf } from '../../server/src/db/tables.ts';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';

// What the console says when the server refuses for its bounds (issue 30): an export beyond the user's two running
// ones (429, Retry-After), and an import of more problems than its answer lists (the first 1,000, then a count).

let s: TestServer;
let browser: Browser;
// far more than the kernel's buffers hold, so an export nobody reads stays open on the server
const ROWS = 30_000;
consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    await s.call('POST', '/api/v1/Cabinets', { uid: 'CAB-1' });
    const t = tableOf(entity('LuminarySupports'));
    await s.db.execute(
      sql.raw(`insert into ${getTableName(t)} (uid, comment)
        select 'S-' || i, repeat('a long comment ', 40) from generate_series(1, ${ROWS}) i`),
    );
  },
  120_000,
  { streams: { perUser: 2, total: 6, deadlineMs: 120_000, stallMs: 120_000 } },
);

const EXPORT = '/api/v2/LuminarySupports/export?limit=1000000';
const cookie = () => [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** An export by the administrator that reads its first chunk, then nothing more: it holds one of the two places. */
async function held() {
  const res = await fetch(s.url + EXPORT, { headers: { cookie: cookie() } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await reader.read();
  return reader;
}

const WORDS = {
  'en-us': {
    export: 'Export',
    busy: 'Too many exports are running at once: try again in 5 seconds.',
    dry: 'Check (dry run)',
    refused: 'Nothing was imported: 1,500 problems.',
    more: '…and 500 more problems.',
    csv: 'Download all problems (CSV)',
    head: ['Row', 'Field', 'Code', 'Problem', 'Value'],
  },
  ru: {
    export: 'Экспорт',
    busy: 'Сейчас идёт слишком много выгрузок: повторите через 5 секунд.',
    dry: 'Проверить (без записи)',
    refused: 'Ничего не импортировано: проблем — 1\u00a0500.',
    more: '…и ещё 500 проблем.',
    csv: 'Скачать все проблемы (CSV)',
    head: ['Строка', 'Поле', 'Код', 'Проблема', 'Значение'],
  },
} as const;

const dir = mkdtempSync(path.join(tmpdir(), 'h30-refusals-'));

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

describe('refusals for the server’s bounds, in Chromium', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    it(`says to try an export again in Retry-After seconds while two run, and exports once they end (${lang})`, async () => {
      const w = WORDS[lang];
      const running = [await held(), await held()];
      onTestFinished(async () => {
        await Promise.all(running.map((r) => r.cancel().catch(() => {})));
      });
      const page = await openPage(browser, lang);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/LuminarySupports');
      await page.locator('tbody tr.RaDatagrid-row').first().waitFor();
      const saved: string[] = [];
      page.on('download', (d) => saved.push(d.suggestedFilename()));
      await page.getByRole('button', { name: w.export }).click();
      await page.getByText(w.busy).waitFor();
      await shot(page, `h30-export-busy-${lang}`);
      expect(saved).toEqual([]);

      for (const r of running) await r.cancel();
      // the places are freed as the server sees the clients go
      let file: { name: string; text: string } | undefined;
      for (let i = 0; i < 20 && !file; i++) {
        await page.waitForTimeout(500);
        file = await downloaded(page, () => page.getByRole('button', { name: w.export }).click()).catch(
          () => undefined,
        );
      }
      expect(file!.name).toMatch(/\.csv$/);
      const lines = file!.text
        .replace(/^\uFEFF/, '')
        .split('\n')
        .filter(Boolean);
      expect(lines.length).toBe(ROWS + 1);
      await page.context().close();
    }, 90_000);

    it(`shows the first 1,000 of 1,500 problems, the count of the rest, and downloads all of them (${lang})`, async () => {
      const w = WORDS[lang];
      const at = path.join(dir, `broken-${lang}.csv`);
      const lines = Array.from({ length: 1500 }, (_, i) => `B-${lang}-${i},Main St,CAB-404,-71.1,42.37`);
      writeFileSync(at, ['uid,street,cabinet,lon,lat', ...lines].join('\n'));
      const page = await openPage(browser, lang);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Import');
      await page.locator('input[type=file]').setInputFiles(at);
      await page.getByRole('button', { name: w.dry }).click();
      await page.getByTestId('import-outcome').getByText(w.refused, { exact: false }).waitFor();
      expect(await page.getByTestId('import-problems').locator('tbody tr').count()).toBe(1000);
      await page.getByTestId('import-more-problems').getByText(w.more).scrollIntoViewIfNeeded();
      await shot(page, `h30-import-more-${lang}`);
      await page.getByTestId('import-outcome').scrollIntoViewIfNeeded();
      await shot(page, `h30-import-outcome-${lang}`);

      const file = await downloaded(page, () => page.getByRole('button', { name: w.csv }).click());
      expect(file.name).toBe('import-problems.csv');
      const parsed = Papa.parse<string[]>(file.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
      expect(parsed.data[0]).toEqual(w.head);
      const rows = parsed.data.slice(1);
      expect(rows).toHaveLength(1500);
      expect(rows.at(-1)).toEqual([
        expect.stringMatching(/^\d+$/),
        'cabinet',
        expect.any(String),
        expect.any(String),
        'CAB-404',
      ]);
      await page.context().close();
    }, 90_000);
  }
});
