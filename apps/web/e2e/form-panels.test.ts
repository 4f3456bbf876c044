import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite } from './console-session.ts';
import { adminAt, helperText } from './form-helpers.ts';

// No input crashes a screen (issue 28 §2): a coordinate MapLibre refuses is marked on its field and never reaches
// the map, and a panel that fails to draw says so in its place while the form keeps what was typed.

let s: TestServer;
let browser: Browser;
let mounting: number;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const res = await s.call('POST', '/api/v1/LuminarySupports', {
      uid: 'POST-1',
      street: 'Massachusetts Avenue',
      location: { type: 'Point', coordinates: [-71.1097, 42.3736] },
    });
    mounting = res.body._id as number;
  },
);

const LATITUDE = 'location.coordinates.1';
const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const crashed = (page: Page) => page.getByText(/^(Something went wrong|Ошибка)$/).count();

async function typeLatitude95(page: Page) {
  await page.getByTestId('location-picker').waitFor();
  await field(page, 'street').fill('Broadway, not saved');
  await field(page, LATITUDE).fill('95');
}

async function keptInput(page: Page) {
  expect(await field(page, 'uid').inputValue()).toBe('POST-1');
  expect(await field(page, 'street').inputValue()).toBe('Broadway, not saved');
  expect(await field(page, LATITUDE).inputValue()).toBe('95');
}

describe('a mounting form in Chromium', () => {
  it('marks a latitude past the pole on its field, keeps the screen and refuses to save it', async () => {
    const page = await adminAt(s, browser, `/LuminarySupports/${mounting}`);
    await typeLatitude95(page);
    await expect.poll(() => helperText(page, LATITUDE).textContent()).toBe('Latitude is from −90 to 90');
    await page.getByTestId('location-picker').waitFor();
    expect(await crashed(page)).toBe(0);
    await keptInput(page);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The form is not valid. Please check for errors').waitFor();
    expect(page.url()).toContain(`/LuminarySupports/${mounting}`);
    await keptInput(page);
    const stored = await s.call('GET', `/api/v1/LuminarySupports/${mounting}`);
    expect(stored.body.street).toBe('Massachusetts Avenue');
    expect(stored.body.location.coordinates).toEqual([-71.1097, 42.3736]);
    await shot(page, 'form-latitude-en');
  });

  it('says the same in Russian', async () => {
    const page = await adminAt(s, browser, `/LuminarySupports/${mounting}`, 'ru');
    await typeLatitude95(page);
    await expect.poll(() => helperText(page, LATITUDE).textContent()).toBe('Широта — от −90 до 90');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Форма заполнена неверно. Проверьте, пожалуйста, ошибки.').waitFor();
    expect(await crashed(page)).toBe(0);
    await keptInput(page);
    await shot(page, 'form-latitude-ru');
  });

  it('shows a map that cannot draw (no WebGL) as a message in its place; the form stays', async () => {
    for (const lang of ['en-us', 'ru'] as const) {
      const page = await adminAt(s, browser, '/', lang);
      // a browser without WebGL: MapLibre throws as it starts
      await page.addInitScript(() => {
        const getContext = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (
          this: HTMLCanvasElement,
          kind: string,
          ...rest: []
        ) {
          return kind.startsWith('webgl') ? null : getContext.call(this, kind as '2d', ...rest);
        } as typeof getContext;
      });
      await page.goto(`${s.url}/LuminarySupports/${mounting}`);
      const failed = page.getByTestId('panel-failed');
      await failed.waitFor();
      expect(await failed.textContent()).toContain(
        lang === 'ru' ? 'Эту часть не удалось показать.' : 'This part could not be shown.',
      );
      expect(await crashed(page)).toBe(0);
      await field(page, 'street').fill('Broadway, not saved');
      expect(await field(page, 'uid').inputValue()).toBe('POST-1');
      await page.getByTestId('event-history').waitFor();
      await failed.scrollIntoViewIfNeeded();
      await shot(page, `form-panel-failed-${lang}`);
    }
  });
});
