import type { Browser, Page } from 'playwright-core';

/** A fresh browser context in one language (the stored `lang` wins over the browser's, as in the console). */
export async function openPage(browser: Browser, lang: 'en-us' | 'ru'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang });
  await context.addInitScript((l) => localStorage.getItem('lang') || localStorage.setItem('lang', l), lang);
  return context.newPage();
}

export async function signIn(page: Page, url: string, login: string, password: string) {
  await page.goto(url + '/');
  await page.getByLabel(/Login|Логин/).fill(login);
  await page.getByLabel(/Password|Пароль/).fill(password);
  await page.getByRole('button', { name: /Sign in|Войти/ }).click();
  await page.waitForURL('**/Map');
}

export const rows = (page: Page) => page.locator('tbody tr.RaDatagrid-row');
