import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite } from './console-session.ts';
import { adminAt, choose, helperText, input } from './form-helpers.ts';

// A refused record is marked on the fields that are wrong, with the spec §5 message that fits, in Russian too.

let s: TestServer;
let browser: Browser;

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    await s.call('POST', '/api/v1/Luminaries', { uid: 'LAMP-1' });
    await s.call('POST', '/api/v1/Controllers', { uid: 'C-1', mac: 'AABBCCDDEE01' });
  },
);

const saveButton = /^(Save|Сохранить)$/;

describe('field messages in Chromium', () => {
  it('marks what the client finds missing or wrong before sending', async () => {
    const page = await adminAt(s, browser, '/Luminaries/create', 'ru');
    await input(page, 'Световой поток, макс.').fill('12.5');
    await page.getByRole('button', { name: saveButton }).click();
    await expect.poll(() => helperText(page, 'uid').textContent()).toBe('Введите UID');
    await expect.poll(() => helperText(page, 'maxLumen').textContent()).toBe('Должно быть целым числом');
  });

  it('marks the fields the server names, with their message', async () => {
    const page = await adminAt(s, browser, '/Luminaries/create', 'ru');
    await input(page, 'UID').fill('LAMP-1');
    await page.getByRole('button', { name: saveButton }).click();
    await expect.poll(() => helperText(page, 'uid').textContent()).toBe('Уже существует');

    await page.goto(s.url + '/ControllerSchedule/create');
    await choose(page, 'Контроллер', 'C-1');
    await input(page, 'Месяц').fill('2026-13');
    await page.getByRole('button', { name: saveButton }).click();
    await expect.poll(() => helperText(page, 'month').textContent()).toBe('Введите значение');
    await page.getByText('Неверные данные').waitFor();
    await shot(page, 'form-errors-ru');
  });

  it("says a number's limit in Russian, where the browser would have shown its English tooltip", async () => {
    const page = await adminAt(s, browser, '/Luminaries/create', 'ru');
    const temperature = page.locator('input[name="colorTemperature"]');
    await input(page, 'UID').fill('LAMP-2');
    await temperature.fill('20000');
    await page.getByRole('button', { name: saveButton }).click();
    await expect.poll(() => helperText(page, 'colorTemperature').textContent()).toBe('Не больше 10000');
    expect(await temperature.evaluate((e) => (e as HTMLInputElement).form!.noValidate)).toBe(true);
    await shot(page, 'form-limit-ru');
  });

  it('says a text is too long and gives the limit, for any text field, in both languages', async () => {
    const long = 'x'.repeat(5000);
    const spaced = (t: string | null) => t?.replace(/\s/g, ' ');
    for (const [lang, said] of [
      ['en-us', 'Too long: at most 64 characters (now 5,000)'],
      ['ru', 'Слишком длинно: не больше 64 знаков (сейчас 5 000)'],
    ] as const) {
      const page = await adminAt(s, browser, '/LuminarySupports/create', lang);
      await input(page, 'UID').fill(long);
      await page.locator('textarea[name="comment"]').fill('y'.repeat(2001));
      await page.getByRole('button', { name: saveButton }).click();
      await expect.poll(async () => spaced(await helperText(page, 'uid').textContent())).toBe(said);
      await expect
        .poll(async () => spaced(await helperText(page, 'comment').textContent()))
        .toMatch(lang === 'ru' ? /не больше 2 000 знаков/ : /at most 2,000 characters/);
      expect(await input(page, 'UID').inputValue()).toBe(long);
      await shot(page, `form-too-long-${lang}`);
    }
  });
});
