import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite } from './console-session.ts';
import { adminAt, input } from './form-helpers.ts';

// Issue 11 §2: a profile's screen charts its night and follows the form before it is saved; a year view beside it.

let s: TestServer;
let browser: Browser;
let profile = 0;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const city = (
      await s.call('POST', '/api/v1/Cities', {
        name: { 'en-us': 'Cambridge', ru: 'Кембридж' },
        lat: 42.373,
        lon: -71.11,
        timezone: 'America/New_York',
      })
    ).body._id;
    profile = (
      await s.call('POST', '/api/v1/Profiles', {
        name: 'Night dim',
        kind: 'symmetrical',
        city,
        settings: { time1: '03:00', time2: '05:00', pwm0: 100, pwm1: 70, pwm2: 50, twil: 2 },
      })
    ).body._id;
  },
);

const summaryOf = async (page: import('playwright-core').Page) =>
  (await page.getByTestId('night-summary').first().textContent()) ?? '';

describe('a profile’s night chart, in Chromium', () => {
  it('follows the form before saving, and shows the year', async () => {
    const page = await adminAt(s, browser, `/Profiles/${profile}`);
    const chart = page.getByTestId('profile-night');
    await chart.getByTestId('night-summary').first().waitFor();
    const before = await summaryOf(page);
    expect(before).toMatch(/^On \d\d:\d\d [AP]M at 100% · 70% from .* · 50% from .* · off \d\d:\d\d [AP]M$/);
    expect(await page.locator('[data-testid=night-chart] svg').count()).toBe(1);
    await shot(page, 'profile-chart-en');

    await input(page, 'Settings: PWM 2').fill('20');
    await expect.poll(() => summaryOf(page), { timeout: 5_000 }).toMatch(/ 20% from /);
    expect(await page.getByText('Shows the form as it is, before saving').count()).toBe(1);
    // nothing was saved
    expect((await s.call('GET', `/api/v1/Profiles/${profile}`)).body.settings.pwm2).toBe(50);
    await shot(page, 'profile-chart-edited');

    await input(page, 'Settings: Time 1').fill('06:00');
    await expect.poll(async () => page.getByText('Correct the form to see the night').count()).toBe(1);
    await input(page, 'Settings: Time 1').fill('03:00');
    await expect.poll(async () => page.getByText('Correct the form to see the night').count()).toBe(0);

    await page.getByRole('button', { name: 'Year' }).click();
    const year = page.getByTestId('year-summary');
    await year.waitFor({ timeout: 15_000 });
    expect(await year.textContent()).toMatch(/^\d{4}: [\d,]+ h burning, [\d,]+ h at full power$/);
    expect(await page.locator('[data-testid=year-chart] svg').count()).toBe(2);
    const card = await chart.boundingBox();
    expect(card && card.x + card.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, 'profile-year-en');
    await page.context().close();
  });

  it('speaks Russian', async () => {
    const page = await adminAt(s, browser, `/Profiles/${profile}`, 'ru');
    await page.getByTestId('night-summary').first().waitFor();
    expect(await summaryOf(page)).toMatch(/^Вкл\. \d\d:\d\d на 100\s%/);
    expect(await page.getByTestId('night-summary').nth(1).textContent()).toMatch(/^Закат \d\d:\d\d, восход/);
    await shot(page, 'profile-chart-ru');

    // the read-only screen charts the saved profile, with no form to follow
    await page.goto(`${s.url}/Profiles/${profile}/show`);
    await page.getByTestId('night-summary').first().waitFor();
    expect(await summaryOf(page)).toMatch(/ 50\s% с /);
    expect(await page.getByText('Показана форма как есть, до сохранения').count()).toBe(0);
    await page.context().close();
  });
});
