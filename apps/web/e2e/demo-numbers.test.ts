import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadCity } from '@sl/simulator';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- the demo's own seeding, as npm start runs it
import { seedDemoCity } from '../../server/src/field/demo-city.ts';
// eslint-disable-next-line no-restricted-imports -- the demo's own seeding, as npm start runs it
import { seedDemoModels } from '../../server/src/field/demo-models.ts';
// eslint-disable-next-line no-restricted-imports -- the demo's own seeding, as npm start runs it
import { seedDemoProgram } from '../../server/src/field/demo-program.ts';
// eslint-disable-next-line no-restricted-imports -- the demo's own seeding, as npm start runs it
import { generateDemoHistory } from '../../server/src/field/demo-history.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage } from './console-session.ts';

// Issue 28 §8: the demo user's first visit shows numbers, not "—": the dashboard's month and saving, and Analytics'
// consumption with cost and CO2 and the energy saved, from the demo's generated past, in en-us and ru.

let s: TestServer;
let browser: Browser;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (server) => {
    const demo = (await server.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    const city = await loadCity('cambridge', { controllers: 3 });
    await seedDemoCity(server.db, demo._id, demo.cities[0], city);
    await seedDemoModels(server.db, city);
    const year = new Date().getFullYear();
    await seedDemoProgram(server.db, demo._id, demo.cities[0], [year - 1, year, year + 1]);
    const c = (await server.call('GET', `/api/v1/Cities/${demo.cities[0]}`)).body;
    await generateDemoHistory(server.db, demo._id, city, { lat: c.lat, lon: c.lon, tz: c.timezone });
  },
  180_000,
);

/** The demo user's console at `path`, signed in as the demo link does. */
async function asDemo(lang: 'en-us' | 'ru', path: string): Promise<Page> {
  const page = await openPage(browser, lang);
  const res = await page.request.get(`${s.url}/auth/sign-test`);
  expect(res.ok()).toBe(true);
  const profile: unknown = await res.json();
  await page.goto(s.url + '/');
  await page.evaluate((p) => localStorage.setItem('user', JSON.stringify(p)), profile);
  await page.goto(s.url + path);
  return page;
}

const NUMBER = /\d[\d\s ,.]*\s*(kWh|кВт·ч)/;

describe('the demo’s numbers on the first visit', () => {
  for (const lang of ['en-us', 'ru'] as const)
    it(`shows the month's energy, cost, CO2 and saving on the dashboard and in Analytics (${lang})`, async () => {
      const page = await asDemo(lang, '/Dashboard');
      const month = page
        .getByText(lang === 'ru' ? 'Потребление в этом месяце' : 'Consumption this month')
        .first();
      await month.waitFor({ timeout: 30_000 });
      await expect.poll(async () => page.locator('main').innerText(), { timeout: 30_000 }).toMatch(/USD/);
      const main = await page.locator('main').innerText();
      expect(main).toMatch(NUMBER);
      expect(main).toMatch(/CO2 \d/);
      await shot(page, `demo-dashboard-${lang}`);

      await page.goto(`${s.url}/Analytics`);
      const effect = page.getByTestId('period-effectiveness');
      await effect.waitFor({ timeout: 30_000 });
      const text = await effect.innerText();
      expect(text).not.toContain('—');
      expect(text).toMatch(/USD/);
      await shot(page, `demo-analytics-${lang}`);
      await page.context().close();
    });
});
