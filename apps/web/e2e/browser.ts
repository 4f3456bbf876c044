import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

// Debian's Chromium, never a downloaded one.
export const SHOTS = '/tmp/web-shots';

export async function launch(): Promise<Browser> {
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
