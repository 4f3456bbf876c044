import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';

let s: TestServer;
let browser: Browser;
consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    await s.call('POST', '/api/v1/Cabinets', { uid: 'CAB-1' });
    // the owners Cambridge's file names, in the reference book its Owner column links to
    for (const name of ['City', 'Private']) await s.call('POST', '/api/v1/LuminarySupportOwners', { name });
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
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/About');
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
      // the administrator, of no group, imports into the group the screen offers: never into none
      const row = (await s.call('GET', `/api/v1/LuminarySupports?uid=${tag}-1`)).body.data[0];
      expect(row.group).toEqual(expect.any(Number));
      await page.context().close();
    });
  }

  it('imports the demo city’s own inventory, Cambridge’s 6,117 lamp posts, showing its progress (ru)', async () => {
    const inventory = path.resolve(
      import.meta.dirname,
      '../../../inventories/cambridge_ma_street_lights.geojson',
    );
    const poles = (JSON.parse(readFileSync(inventory, 'utf8')) as { features: Feature[] }).features;
    const page = await openPage(browser, 'ru');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/About');
    await page.getByRole('menuitem', { name: WORDS.ru.menu }).click();
    await page.waitForURL('**/Import');
    const before = await total();
    await page.locator('input[type=file]').setInputFiles(inventory);
    await page.getByRole('combobox', { name: 'UID' }).click();
    await page.getByRole('option', { name: 'PoleID', exact: true }).click();
    await page.getByRole('combobox', { name: 'Улица' }).click();
    await page.getByRole('option', { name: 'StreetName', exact: true }).click();
    // every state the progress shows is recorded: a fast machine passes through them quicker than a poll
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid=import-progress]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: WORDS.ru.run, exact: true }).click();
    // the counts in the language's digit groups (a no-break space in Russian)
    await page
      .getByTestId('import-outcome')
      .getByText('Импортировано: 6\u00a0117 из 6\u00a0117 строк.', { exact: false })
      .waitFor({ timeout: 50_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.some((t) => /^Проверка строк: [\d\u00a0]+ из 6\u00a0117$/.test(t))).toBe(true);
    expect(seen.some((t) => /^Запись строк: [\d\u00a0]+ из 6\u00a0117$/.test(t))).toBe(true);
    await shot(page, 'h15-import-cambridge-ru');
    expect(await total()).toBe(before + poles.length);
    const first = poles[0]!;
    const stored = (
      await s.call('GET', `/api/v1/LuminarySupports?uid=${encodeURIComponent(first.properties.PoleID)}`)
    ).body.data[0];
    const owner = (await s.call('GET', '/api/v1/LuminarySupportOwners?name=City')).body.data[0];
    expect(stored).toMatchObject({
      owner: owner._id,
      street: first.properties.StreetName,
    });
    // stored to the registry's precision, six decimals (0.1 m)
    first.geometry.coordinates.forEach((c, i) => expect(stored.location.coordinates[i]).toBeCloseTo(c, 6));
    await page.context().close();
  });
});

type Feature = {
  properties: { PoleID: string; StreetName: string };
  geometry: { coordinates: [number, number] };
};
