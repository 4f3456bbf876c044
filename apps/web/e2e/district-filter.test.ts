import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- the same district boundaries as the HTTP tests
import { box } from '../../server/test/boxes.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, rows, signInAt } from './console-session.ts';

let s: TestServer;
let browser: Browser;

const square = (w: number) => box(w, 10, w + 1, 11);

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const city = (
      await s.call('POST', '/api/v1/Cities', { name: { 'en-us': 'Squares' }, lat: 10.5, lon: 10.5 })
    ).body._id;
    await s.call('POST', '/api/v1/Districts', { name: 'Westside', city, boundary: square(10) });
    await s.call('POST', '/api/v1/Districts', { name: 'Eastside', city, boundary: square(11) });
    // a module in each: W-1 on Main Street broken, W-2 on Main Street lit, E-1 on Elm Street broken
    for (const [n, uid, lon, street, state] of [
      [1, 'W-1', 10.2, 'Main Street', 4],
      [2, 'W-2', 10.7, 'Main Street', 1],
      [3, 'E-1', 11.5, 'Elm Street', 4],
    ] as const) {
      const module = (await s.call('POST', '/api/v1/LuminaryModules', { mac: `A1:00:00:00:00:0${n}` })).body
        ._id;
      await s.call('POST', '/api/v1/LuminarySupports', {
        uid,
        street,
        location: { coordinates: [lon, 10.5] },
        sockets: [{ luminaryModule: module }],
      });
      // as the field reports it
      await s.sql('update luminary_modules set cl_status = $1 where _id = $2', [state, module]);
    }
    // a list with no rows offers no filters
    await s.call('POST', '/api/v1/Luminaries', { uid: 'L-1' });
    await s.call('POST', '/api/v1/Controllers', { uid: 'C-1', mac: 'C1:00:00:00:00:01' });
  },
);

const VIEW = {
  'en-us': { add: 'Add filter', state: 'State', broken: 'Broken', street: 'Street', views: 'Views' },
  ru: { add: 'Добавить фильтр', state: 'Состояние', broken: 'Неисправен', street: 'Улица', views: 'Виды' },
};

describe('lists by district', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    it(`shows one district's mountings (${lang})`, async () => {
      const page = await openPage(browser, lang);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/LuminarySupports');
      await page.getByRole('cell', { name: 'E-1' }).waitFor();
      expect(await rows(page).count()).toBe(3);
      await page.getByRole('button', { name: lang === 'ru' ? 'Добавить фильтр' : 'Add filter' }).click();
      await page
        .getByRole('menu')
        .getByText(lang === 'ru' ? 'Район' : 'District', { exact: true })
        .click();
      // typed, as an operator picks from a long list: typing opens the choices even when the input came up closed
      await page.getByRole('combobox', { name: lang === 'ru' ? 'Район' : 'District' }).fill('West');
      await page.getByRole('option', { name: 'Westside' }).click();
      await expect.poll(() => rows(page).count()).toBe(2);
      expect(await page.getByRole('cell', { name: 'E-1' }).count()).toBe(0);
      await shot(page, `h15-district-filter-${lang}`);
      await page.context().close();
    });
  }
});

async function addFilter(page: Page, lang: 'en-us' | 'ru', name: string) {
  await page.getByRole('button', { name: VIEW[lang].add }).click();
  await page.getByRole('menu').getByText(name, { exact: true }).click();
}

// Issue 28 §5: the lists filter by state and street, and a list's filters are saved as a named view on the server
describe('lists by state and street, saved as a view', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    it(`shows the broken mountings of Main Street, saved and applied again after a reload (${lang})`, async () => {
      const t = VIEW[lang];
      const name = `Broken on Main (${lang})`;
      const page = await openPage(browser, lang);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/LuminarySupports');
      await page.getByRole('cell', { name: 'E-1' }).waitFor();
      await addFilter(page, lang, t.state);
      await page.getByRole('combobox', { name: t.state }).click();
      await page.getByRole('option', { name: t.broken, exact: true }).click();
      await expect.poll(() => rows(page).count()).toBe(2);
      await addFilter(page, lang, t.street);
      await page.getByRole('textbox', { name: t.street }).fill('main');
      await expect.poll(() => rows(page).count()).toBe(1);
      await page.getByRole('cell', { name: 'W-1' }).waitFor();
      await shot(page, `i28-state-street-filter-${lang}`);

      await page.getByRole('button', { name: t.views }).click();
      await page
        .getByRole('menuitem', { name: lang === 'ru' ? /Сохранить эти фильтры/ : /Save these filters/ })
        .click();
      await page.getByRole('textbox', { name: lang === 'ru' ? 'Название вида' : 'View name' }).fill(name);
      await page.getByRole('button', { name: lang === 'ru' ? 'Сохранить' : 'Save', exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // a fresh page with no filters: the view is kept on the server, and brings them back
      await page.goto(s.url + '/LuminarySupports?filter=%7B%7D');
      await page.reload();
      await expect.poll(() => rows(page).count()).toBe(3);
      await page.getByRole('button', { name: t.views }).click();
      await page.getByRole('menuitem', { name }).click();
      await expect.poll(() => rows(page).count()).toBe(1);
      await page.getByRole('cell', { name: 'W-1' }).waitFor();
      expect(await page.getByRole('textbox', { name: t.street }).inputValue()).toBe('main');
      await page.getByRole('button', { name: t.views }).click();
      await page.getByRole('menuitem', { name }).waitFor();
      // the menu fades in
      await page.waitForTimeout(400);
      await shot(page, `i28-saved-view-${lang}`);
      await page.getByRole('button', { name: new RegExp(name.replace(/[()]/g, '\\$&')) }).click();
      await expect.poll(() => page.getByRole('menuitem', { name }).count()).toBe(0);
      await page.context().close();
    });
  }

  for (const lang of ['en-us', 'ru'] as const) {
    it(`offers the same filters on the lamps, modules and controllers lists (${lang})`, async () => {
      const ru = lang === 'ru';
      const [state, street, cabinet, controller, phase] = ru
        ? ['Состояние', 'Улица', 'Шкаф', 'Контроллер', 'Фаза']
        : ['State', 'Street', 'Cabinet', 'Controller', 'Phase'];
      const page = await openPage(browser, lang);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Luminaries');
      for (const [list, offered] of [
        ['Luminaries', [state, street, cabinet, controller, phase]],
        ['LuminaryModules', [state, street, cabinet, controller, phase]],
        ['Controllers', [state, street, cabinet]],
      ] as const) {
        await page.goto(`${s.url}/${list}`);
        await page.getByRole('button', { name: VIEW[lang].add }).click();
        const menu = page.getByRole('menu');
        for (const name of offered) await menu.getByText(name, { exact: true }).waitFor();
        if (list === 'Luminaries') {
          await page.waitForTimeout(400);
          await shot(page, `i28-lamp-filters-${lang}`);
        }
        await page.keyboard.press('Escape');
      }
      await page.context().close();
    });
  }
});
