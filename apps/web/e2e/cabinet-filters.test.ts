import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, rows, signInAt } from './console-session.ts';

// A cabinet's door, mode, breakers and contactors are kept in its row from its controller's reports, so the
// cabinets' list filters on them (issue 13).

let s: TestServer;
let browser: Browser;

const TEXT = {
  'en-us': { add: 'Add filter', door: 'Door', open: 'Open', breakerB: 'Breakers on: B', no: 'No' },
  ru: { add: 'Добавить фильтр', door: 'Дверь', open: 'Открыта', breakerB: 'Автоматы включены: B', no: 'Нет' },
};

// mode AUTO, breakers A and C on, B tripped; the door bit set on one of them
const IO = { closed: 0b0001_0110, open: 0b0001_0111, allOn: 0b0001_1110 };

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    for (const [n, uid, iostate] of [
      [1, 'K-door-open', IO.open],
      [2, 'K-tripped', IO.closed],
      [3, 'K-quiet', IO.allOn],
    ] as const) {
      const made = await s.call('POST', '/api/v1/Controllers', {
        uid: `${uid}-C`,
        mac: `C1:00:00:00:00:0${n}`,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const controller = made.body._id;
      await s.call('POST', '/api/v1/Cabinets', { uid, controller });
      // as the field's report writes it
      await s.sql('update controllers set iostate = $1 where _id = $2', [iostate, controller]);
    }
  },
);

async function addFilter(page: Page, lang: 'en-us' | 'ru', name: string, value: string) {
  await page.getByRole('button', { name: TEXT[lang].add }).click();
  await page.getByRole('menu').getByText(name, { exact: true }).click();
  await page.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: value, exact: true }).click();
}

describe('cabinets by what their controllers report', () => {
  for (const lang of ['en-us', 'ru'] as const) {
    it(`filters on the door and on one breaker (${lang})`, async () => {
      const page = await openPage(browser, lang);
      await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Cabinets');
      await page.getByRole('cell', { name: 'K-quiet', exact: true }).waitFor();
      expect(await rows(page).count()).toBe(3);
      await addFilter(page, lang, TEXT[lang].door, TEXT[lang].open);
      await expect.poll(() => rows(page).count()).toBe(1);
      await page.getByRole('cell', { name: 'K-door-open', exact: true }).waitFor();
      await shot(page, `h13-cabinet-door-filter-${lang}`);
      await page
        .getByRole('button', { name: lang === 'ru' ? 'Убрать фильтр' : 'Remove this filter' })
        .click();
      await expect.poll(() => rows(page).count()).toBe(3);
      await addFilter(page, lang, TEXT[lang].breakerB, TEXT[lang].no);
      await expect.poll(() => rows(page).count()).toBe(2);
      expect(await page.getByRole('cell', { name: 'K-quiet', exact: true }).count()).toBe(0);
      await shot(page, `h13-cabinet-breaker-filter-${lang}`);
      await page.context().close();
    });
  }
});
