import { describe, expect, it } from 'vitest';
import { shot } from './browser.ts';
import { adminAt } from './form-helpers.ts';
import { mapFieldForSuite, type MapField } from './map-helpers.ts';

// Who did what (issue 15): the commands archive screen, reached from the menu, shows a dim as it is confirmed
// (live, no reload), each controller's state, and its filters; in en-us and ru.

let f: MapField;
mapFieldForSuite((field) => (f = field));

const TEXT = {
  'en-us': {
    menu: 'Commands',
    dim: 'Dim',
    confirmed: '1 of 1 confirmed',
    outcome: 'Outcome',
    timedOut: 'Timed out',
    none: 'No command matches these filters',
    state: 'Confirmed',
  },
  ru: {
    menu: 'Команды',
    dim: 'Диммирование',
    confirmed: 'подтвердили 1 из 1',
    outcome: 'Результат',
    timedOut: 'Нет ответа',
    none: 'Нет команд по этим условиям',
    state: 'Подтверждена',
  },
} as const;

describe('the commands archive in Chromium', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    it(`shows a dim live as it is confirmed, with each controller's state, and filters (${lang})`, async () => {
      const t = TEXT[lang];
      const page = await adminAt(f.s, f.browser, '/Luminaries', lang);
      await page.getByRole('menuitem', { name: t.menu }).click();
      await page.waitForURL('**/Commands');
      const table = page.getByTestId('commands-table');
      await table.waitFor();
      const module = f.sim.city.cabinets[0]!.modules[0]!;
      const dim = await f.s.call(
        'GET',
        `/api/v1/control/lighting?by=mac&mac=${module.mac}&raw=${lang === 'ru' ? 31 : 32}`,
      );
      expect(dim.body.code).toBe(0);
      // the new command arrives through the live stream, without a reload
      const row = page.getByTestId(`command-${dim.body.commandId}`);
      await row.waitFor();
      await expect.poll(() => row.innerText()).toContain(t.confirmed);
      expect(await row.innerText()).toContain(t.dim);
      expect(await row.innerText()).toContain('admin');
      await row.getByRole('button').click();
      const devices = page.getByRole('table', { name: /Controllers|Контроллеры/ });
      await devices.getByText(t.state).waitFor();
      expect(await devices.innerText()).toContain(
        f.sim.city.cabinets[0]!.controller.mac.replace(/:/g, '').toUpperCase(),
      );
      expect(await devices.innerText()).toContain(t.state);
      await shot(page, `commands-${lang === 'ru' ? 'ru' : 'en'}`);
      await page.getByTestId('commands-outcome').click();
      await page.getByRole('option', { name: t.timedOut }).click();
      await page.keyboard.press('Escape');
      await page.getByText(t.none).waitFor();
      expect(await row.count()).toBe(0);
      await page.context().close();
    });
  }
});
