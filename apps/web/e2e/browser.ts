import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

// Debian's Chromium, never a downloaded one.
export const SHOTS = '/tmp/web-shots';

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every screen suite of a run (they share one process, see vitest.config.ts): a launch per file
 * cost seconds of CI's time. A suite gives back what it opened with `closePages`, never the browser.
 */
export function launch(): Promise<Browser> {
  shared ??= start().then((browser) => {
    browser.on('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}

/** Closes the pages a suite opened, and leaves the browser to the next suite. */
export async function closePages(browser: Browser | undefined) {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

/** A Chromium of its own (the benchmarks: one page busy with a million markers must not hold the others). */
export function launchOwn(): Promise<Browser> {
  return start();
}

function start(): Promise<Browser> {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
