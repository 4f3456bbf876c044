import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

// The built console is served; any other page path gets index.html so the console's router decides, but a
// missing file is a 404 and never the page in its place.

let s: TestServer;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(dist, 'assets/app-1.js'), 'console.log(1)');
  fs.mkdirSync(path.join(dist, 'fonts'));
  fs.writeFileSync(path.join(dist, 'fonts/Label.ttf'), 'a font');
  s = await startServer({ webDist: dist });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dist, { recursive: true });
});

describe('console files', () => {
  it('serves the page at the root and at any page path', async () => {
    for (const p of ['/', '/Map', '/Cabinets/12', '/no/such/screen']) {
      const res = await s.anonymous().raw('GET', p);
      expect(res.status, p).toBe(200);
      expect(res.body).toContain('<title>console</title>');
    }
  });

  it('serves files, including ones built after the start, and 404s missing ones', async () => {
    expect((await s.anonymous().raw('GET', '/assets/app-1.js')).body).toBe('console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets/app-2.js'), 'console.log(2)');
    expect((await s.anonymous().raw('GET', '/assets/app-2.js')).body).toBe('console.log(2)');
    const missing = await s.anonymous().raw('GET', '/assets/app-0.js');
    expect(missing).toMatchObject({ status: 404, body: { code: 'NotFoundError' } });
  });

  it('lets the browser keep a built file, named by its content, and ask for the page again each time', async () => {
    const file = await fetch(`${s.url}/assets/app-1.js`);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // the map's font, not named by its content, for a week
    const font = await fetch(`${s.url}/fonts/Label.ttf`);
    expect(await font.text()).toBe('a font');
    expect(font.headers.get('cache-control')).toBe('public, max-age=604800');
    for (const p of ['/', '/Map', '/index.html']) {
      const page = await fetch(s.url + p);
      expect(page.headers.get('cache-control'), p).not.toContain('immutable');
    }
  });

  it('answers unknown API paths as API errors, not pages', async () => {
    expect((await s.call('GET', '/api/v1/NoSuchThing')).body.code).toBe('NotFoundError');
  });
});
