import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from './browser.ts';
import { rows } from './console-session.ts';
import { mapFieldForSuite, openMapPage, settled, signInAdmin, type MapField } from './map-helpers.ts';

// Issue 17's "done when": an operator's session that starts on a list, opens a device, goes to the map through
// the menu, dims the device there and exports a list, in both languages, on the simulated field of six cabinets.

let f: MapField;
mapFieldForSuite((field) => (f = field));

const SLOW = 240_000;
const TEXT = {
  'en-us': {
    map: 'Map',
    kind: 'Control module',
    phase: /Phase\s+[ABC]\b/,
    dim: 'Dim',
    dimming: 'Dimming, %: 40',
    done: 'Done',
    level: 'Level: 40%',
    search: 'Search',
    export: 'Export',
    header: ['MAC', 'Controller', 'Phase', 'Latitude'],
  },
  ru: {
    map: 'Карта',
    kind: 'Модуль управления',
    phase: /Фаза\s+[ABC]\b/,
    dim: 'Диммировать',
    dimming: 'Диммирование, %: 40',
    done: 'Выполнено',
    level: 'Уровень: 40\u00a0%',
    search: 'Поиск',
    export: 'Экспорт',
    header: ['MAC', 'Контроллер', 'Фаза', 'Широта'],
  },
} as const;

/** Clicks Export and reads the file the browser saved. */
async function exported(page: Page, label: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: label }).click(),
  ]);
  const text = (await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  return { header: parsed.data[0]!, rows: parsed.data.slice(1) };
}

describe("an operator's session", () => {
  for (const [lang, cabinet] of [
    ['en-us', 2],
    ['ru', 4],
  ] as const)
    it(
      `starts on a list, opens a module, dims it on the map and exports the list (${lang})`,
      async () => {
        const t = TEXT[lang];
        const tag = lang === 'ru' ? 'ru' : 'en';
        const { page, errors } = await openMapPage(f.browser, lang);
        page.on('pageerror', (e) => errors.push(e.message));
        await signInAdmin(page, f.s.url);
        const lamp = f.sim.city.cabinets[cabinet]!.modules[3]!;
        const { mac, _id } = (await f.s.call('GET', `/api/v1/LuminaryModules?mac=${lamp.mac}`)).body.data[0];

        // a full load of a list, then the device found by its MAC and opened from its row
        await page.goto(`${f.s.url}/LuminaryModules`);
        await rows(page).first().waitFor();
        await shot(page, `operator-1-list-${tag}`);
        await page.getByPlaceholder(t.search).fill(mac);
        const row = rows(page).filter({ hasText: mac });
        await expect.poll(() => rows(page).count()).toBe(1);
        await row.getByText(mac, { exact: true }).click();
        // the administrator's detail screen is the record's form
        await page.waitForURL(`**/LuminaryModules/${_id}`);
        await expect.poll(() => page.locator('input[name="mac"]').inputValue()).toBe(mac);
        await page.waitForLoadState('networkidle');
        expect(await page.locator('.ra-input-phase').innerText()).toMatch(t.phase);
        await shot(page, `operator-2-module-${tag}`);

        // the map through the menu: drawn at full size, the device's popup open where it stands
        await page.getByRole('menuitem', { name: t.map, exact: true }).click();
        await page.waitForURL('**/Map');
        await settled(page);
        expect((await page.getByTestId('map').boundingBox())!.height).toBeGreaterThan(500);
        const popup = page.getByTestId('map-popup');
        await popup.getByText(mac).waitFor();
        expect(await popup.getByTestId('map-popup-kind').textContent()).toBe(t.kind);
        await shot(page, `operator-3-map-${tag}`);

        // dimmed to 40 %: the field confirms, and the open popup follows what the lamp reports
        const slider = popup.getByRole('slider');
        await slider.focus();
        await page.keyboard.press('Home');
        for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
        await popup.getByText(t.dimming).waitFor();
        await popup.getByRole('button', { name: t.dim, exact: true }).click();
        // polled, so that a refusal or a timeout is named when the test fails
        await expect
          .poll(() => popup.getByTestId('map-answer').textContent(), { timeout: 30_000 })
          .toContain(t.done);
        // the popup moved the map to stand inside it, its answer above the map's lower edge
        const frame = (await page.getByTestId('map').boundingBox())!;
        const shown = (await popup.boundingBox())!;
        expect(shown.y).toBeGreaterThanOrEqual(frame.y);
        expect(shown.y + shown.height).toBeLessThanOrEqual(frame.y + frame.height);
        const device = f.sim.controller(f.sim.city.cabinets[cabinet]!.controller.mac)!.device;
        expect(device.lamps.get(lamp.mac)!.pwm).toBe(40);
        // as the field reports them: seconds on a loaded machine (a rehearsal of the whole suite missed 5 s once)
        await popup.getByTestId('map-popup-mapFieldPwm').getByText(t.level).waitFor({ timeout: 20_000 });
        const power = async () =>
          Number(
            (await popup.getByTestId('map-popup-mapFieldPower').textContent())!
              .match(/[\d,.]+/)![0]
              .replace(',', '.'),
          );
        await expect.poll(power, { timeout: 20_000 }).toBeLessThan(lamp.watts * 0.6);
        await shot(page, `operator-4-dimmed-${tag}`);

        // back to the list, exported whole: every row, labels in the language, references by name
        await page.goto(`${f.s.url}/LuminaryModules`);
        await rows(page).first().waitFor();
        // the list kept its search; cleared, the whole list is shown before it is exported
        await page.getByPlaceholder(t.search).fill('');
        const total = (await f.s.call('GET', '/api/v1/LuminaryModules?limit=1')).body.total as number;
        await expect.poll(() => page.locator('.RaList-main').textContent()).toMatch(` ${total}`);
        const file = await exported(page, t.export);
        expect(file.rows).toHaveLength(total);
        expect(file.header).toEqual(expect.arrayContaining([...t.header]));
        const mine = file.rows.find((r) => r[file.header.indexOf('MAC')] === mac)!;
        expect(mine[file.header.indexOf(t.header[2])]).toMatch(/^[ABC]$/);
        expect(mine[file.header.indexOf(t.header[1])]).toMatch(/^[^\d]/);
        await shot(page, `operator-5-export-${tag}`);
        expect(errors.filter((e) => /Minified React error|TypeError/.test(e))).toEqual([]);
        await page.context().close();
      },
      SLOW,
    );
});
