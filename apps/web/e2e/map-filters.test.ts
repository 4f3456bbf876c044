import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from './browser.ts';
import { mapFieldForSuite, openMapPage, settled, signInAdmin, type MapField } from './map-helpers.ts';

// What the map says about its filter: counts of what it shows, a notice when it shows nothing, what "unused"
// means, and the legend of every spec §4 marker state (issue 17, item 11).

let f: MapField;
mapFieldForSuite((field) => (f = field));

const SLOW = 180_000;
const TEXT = {
  'en-us': {
    broken: 'Broken',
    unused: 'Unused',
    all: 'All',
    none: 'No broken devices among the types shown.',
    hint: 'Unused: control modules on no mounting',
    modules: 'Control modules',
    legend: ['Mounting, unused (no lamp)', 'Mounting with a free socket', 'Mounting with a deleted lamp'],
  },
  ru: {
    broken: 'Неисправные',
    unused: 'Неиспользуемые',
    all: 'Все',
    none: 'Неисправных устройств среди показанных типов нет.',
    hint: 'Неиспользуемые: модули вне опор',
    modules: 'Модули управления',
    legend: ['Опора без светильников', 'Опора со свободным гнездом', 'Опора, светильник удалён'],
  },
} as const;

/** The count a layer's checkbox shows, as the console wrote it. */
async function layerCount(page: Page, label: string) {
  const name = await page
    .getByTestId('map-layers')
    .getByText(new RegExp(`^${label} \\(`))
    .textContent();
  return Number(name!.replace(/\D/g, ''));
}

const serverCounts = async (filter: string) =>
  (await f.s.call('GET', `/api/v2/map/summary?filter=${filter}`)).body.result.counts as Record<
    string,
    number
  >;

describe('map filter feedback', () => {
  for (const lang of ['en-us', 'ru'] as const)
    it(
      `says when the filter finds nothing, what unused means, and counts what it shows (${lang})`,
      async () => {
        const t = TEXT[lang];
        const { page } = await openMapPage(f.browser, lang);
        await signInAdmin(page, f.s.url);
        const legend = page.getByTestId('map-legend');
        for (const entry of t.legend) await legend.getByText(entry).waitFor();
        const all = await layerCount(page, t.modules);
        expect(all).toBeGreaterThan(0);

        await page.getByRole('radio', { name: t.broken }).check();
        await settled(page);
        await page.getByTestId('map-none-found').getByText(t.none).waitFor();
        await expect.poll(() => layerCount(page, t.modules)).toBe(0);
        await shot(page, `map-filter-none-${lang === 'ru' ? 'ru' : 'en'}`);

        await page.getByRole('radio', { name: t.unused }).check();
        await settled(page);
        await page.getByTestId('map-filter-hint').getByText(t.hint).waitFor();
        expect(await page.getByTestId('map-none-found').count()).toBe(0);
        await expect
          .poll(() => layerCount(page, t.modules))
          .toBe((await serverCounts('unused')).LuminaryModules);
        await shot(page, `map-filter-unused-${lang === 'ru' ? 'ru' : 'en'}`);

        await page.getByRole('radio', { name: t.all }).check();
        await expect.poll(() => layerCount(page, t.modules)).toBe(all);
        expect(await page.getByTestId('map-filter-hint').count()).toBe(0);
        await page.context().close();
      },
      SLOW,
    );

  it(
    'counts a lamp that breaks while the broken filter is on, and the notice goes',
    async () => {
      const { page } = await openMapPage(f.browser, 'en-us');
      await signInAdmin(page, f.s.url);
      await page.getByRole('radio', { name: 'Broken' }).check();
      await page.getByTestId('map-none-found').waitFor();
      const lamp = f.sim.city.cabinets[2]!.modules[4]!;
      f.sim.controller(f.sim.city.cabinets[2]!.controller.mac)!.device.lamps.get(lamp.mac)!.broken = true;
      // the counts follow the live stream within the map's refresh of its clusters (10 s)
      await expect.poll(() => layerCount(page, 'Control modules'), { timeout: 20_000 }).toBe(1);
      expect(await layerCount(page, 'Mountings')).toBe(1);
      await page.getByTestId('map-none-found').waitFor({ state: 'detached' });
      await shot(page, 'map-filter-broken-en');
      await page.context().close();
    },
    SLOW,
  );
});
