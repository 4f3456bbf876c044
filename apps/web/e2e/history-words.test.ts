import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from './browser.ts';
import { adminAt, first } from './form-helpers.ts';
import { mapFieldForSuite, type MapField } from './map-helpers.ts';

// History and the commands archive in the operator's words (issue 28 §4): a mounting's and a module's History
// tab name the city, the mounting and the coordinates, and the archive names what a dim did at which controller;
// nowhere an id in braces or a GeoJSON object. In en-us and ru.

let f: MapField;
mapFieldForSuite((field) => (f = field));

const TEXT = {
  'en-us': {
    history: 'History',
    city: 'Cambridge',
    lat: '42.3701',
    dim: 'Dim to ',
    by: 'changed',
    area: 'an area of 5 points',
  },
  ru: {
    history: 'История',
    city: 'Кембридж',
    lat: '42,3701',
    dim: 'Диммирование до ',
    by: 'изменено',
    area: 'контур из 5 точек',
  },
} as const;

const JSON_LIKE = /\{"|"type"|Point|coordinates/;

async function historyText(page: Page, lang: 'en-us' | 'ru') {
  await page.getByRole('tab', { name: TEXT[lang].history }).click();
  const tab = page.getByTestId('history-changes');
  await expect.poll(async () => (await tab.innerText()).length).toBeGreaterThan(0);
  return tab.innerText();
}

describe('history and commands in words, in Chromium', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    it(`reads a mounting's and a module's history and the archive in words (${lang})`, async () => {
      const t = TEXT[lang];
      const support = await first(f.s, 'LuminarySupports', 'limit=1&sort=_id&order=ASC');
      const city = (await f.s.call('GET', '/api/v1/Cities?limit=1')).body.data[0];
      const placed = support.sockets.find((x: { luminaryModule?: number }) => x.luminaryModule);
      const moduleId = placed.luminaryModule as number;
      const module = (await f.s.call('GET', `/api/v1/LuminaryModules/${moduleId}`)).body;
      const patch = (body: object) => f.s.call('PATCH', `/api/v1/LuminarySupports/${support._id}`, body);
      // the city and place written anew, the module taken out of its socket and put back
      expect((await patch({ city: null })).status).toBe(200);
      const at = { type: 'Point', coordinates: [-71.1097, lang === 'ru' ? 42.37011 : 42.37012] };
      expect((await patch({ city: city._id, location: at })).status).toBe(200);
      const sockets = support.sockets.map(({ luminaryModule, luminary, groupControl, phase }: never) => ({
        luminaryModule,
        luminary,
        groupControl,
        phase,
      }));
      const without = sockets.map((x: object) => ({ ...x, luminaryModule: undefined }));
      expect((await patch({ sockets: without })).status).toBe(200);
      expect((await patch({ sockets })).status).toBe(200);

      const page = await adminAt(f.s, f.browser, `/LuminarySupports/${support._id}/show`, lang);
      const mounting = await historyText(page, lang);
      expect(mounting).toContain(t.city);
      expect(mounting).toContain(t.lat);
      expect(mounting).toContain(t.by);
      expect(mounting).toContain(module.mac);
      expect(mounting).not.toMatch(JSON_LIKE);
      await shot(page, `history-mounting-${lang}`);

      await page.goto(`${f.s.url}/LuminaryModules/${moduleId}/show`);
      const own = await historyText(page, lang);
      expect(own).toContain(support.uid);
      expect(own).not.toMatch(JSON_LIKE);
      await shot(page, `history-module-${lang}`);

      const level = lang === 'ru' ? 36 : 37;
      const dim = await f.s.call('GET', `/api/v1/control/lighting?by=id&id=${moduleId}&raw=${level}`);
      expect(dim.body.code).toBe(0);
      const controller = (await f.s.call('GET', `/api/v1/Controllers/${module.controller}`)).body;
      await page.goto(`${f.s.url}/Commands`);
      const row = page.getByTestId(`command-${dim.body.commandId}`);
      await row.waitFor();
      expect(await row.innerText()).toContain(t.dim);
      expect(await row.innerText()).toContain(String(level));
      expect(await row.innerText()).toContain(module.mac);
      await row.getByRole('button').click();
      const devices = page.getByRole('table', { name: /Controllers|Контроллеры/ });
      await expect.poll(() => devices.innerText()).toContain(controller.uid);
      expect(await page.getByTestId('commands-table').innerText()).not.toMatch(JSON_LIKE);
      await shot(page, `history-commands-${lang}`);

      // the generic screens: a lamp's, a meter's and a district's, whose boundary is drawn, not listed
      const lamp = await first(f.s, 'Luminaries', `support=${support._id}`);
      await page.goto(`${f.s.url}/Luminaries/${lamp._id}/show`);
      expect(await historyText(page, lang)).toContain(support.uid);
      const meter = (await f.s.call('POST', '/api/v1/Meters', { serial: `MTR-W-${lang}` })).body;
      await f.s.call('PATCH', `/api/v1/Meters/${meter._id}`, { controller: controller._id });
      await page.goto(`${f.s.url}/Meters/${meter._id}/show`);
      const metered = await historyText(page, lang);
      expect(metered).toContain(controller.uid);
      expect(metered).not.toMatch(JSON_LIKE);
      const ring = [
        [-71.12, 42.37],
        [-71.11, 42.37],
        [-71.11, 42.38],
        [-71.12, 42.38],
        [-71.12, 42.37],
      ];
      const district = await f.s.call('POST', '/api/v1/Districts', {
        name: `Wordham ${lang}`,
        city: city._id,
        boundary: { type: 'Polygon', coordinates: [ring] },
      });
      expect(district.status, JSON.stringify(district.body)).toBe(201);
      await page.goto(`${f.s.url}/Districts/${district.body._id}/show`);
      const shape = page.getByTestId('shape-value');
      await expect.poll(() => shape.innerText()).toContain(t.area);
      await page.getByTestId('shape-map').waitFor();
      expect(await page.locator('main').innerText()).not.toMatch(/71[.,]12/);
      await shot(page, `history-district-${lang}`);
      expect(await historyText(page, lang)).toContain(t.area);
      await page.close();
      // six screens in a row on a machine shared with other suites
    }, 150_000);
  }
});
