import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { consoleForSuite } from './console-session.ts';

// Issue 4: the first load of the login route stays within 300 kB of JavaScript, gzip.
const BUDGET = 300 * 1024;

let s: TestServer;
let browser: Browser;

consoleForSuite((running) => ({ s, browser } = running));

describe('login route weight', () => {
  it('loads at most 300 kB of gzipped JavaScript', async () => {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    const reading: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      reading.push(res.body().then((body) => void scripts.set(res.url(), gzipSync(body).length)));
    });
    await page.goto(s.url + '/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Demo' }).waitFor();
    await Promise.all(reading);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(`login route: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} kB gzip`);
    expect(scripts.size).toBeGreaterThan(0);
    const sizes = [...scripts].map(
      ([url, size]) => `${url.split('/').pop()}: ${(size / 1024).toFixed(1)} kB`,
    );
    expect(total, sizes.join('\n')).toBeLessThanOrEqual(BUDGET);
  });
});
