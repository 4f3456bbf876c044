import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, freshDatabase, startServer, type TestServer } from '../../server/test/harness.ts';
import { closePages, launch } from './browser.ts';
import { openPage, signInAt } from './console-session.ts';
import { WEB_DIST } from './global-setup.ts';

// Issue 29 §6: every open screen follows a change within 2 s, from any server process. Two servers on one
// PostgreSQL database (their own pools, listeners and brokers, as two processes have): the screens are open on
// one, the change is made through the other. PostgreSQL only (PGlite lives inside one process): the screen
// lanes get its address as SCREENS_POSTGRES_URL (scripts/test-all.mjs), as CI has it.

const POSTGRES = process.env.SCREENS_POSTGRES_URL;
const FOLLOW_MS = 2000;

describe.runIf(POSTGRES)('live screens across two server processes', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let shown: TestServer;
  let other: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    database = await freshDatabase(POSTGRES!);
    shown = await startServer({ webDist: WEB_DIST }, { databaseUrl: database.url });
    other = await startServer({ webDist: WEB_DIST }, { databaseUrl: database.url });
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    await closePages(browser);
    await other?.close();
    await shown?.close();
    await database?.drop();
  });

  it('an open list, detail screen and cabinet screen show a change made through the other process within 2 s', async () => {
    const vendor = (await other.call('POST', '/api/v1/Vendors', { name: 'Two-process vendor' })).body._id;
    const controller = (
      await other.call('POST', '/api/v1/Controllers', { uid: 'TWO-C1', mac: 'C1:00:00:00:02:29' })
    ).body._id;
    const cabinet = (await other.call('POST', '/api/v1/Cabinets', { uid: 'TWO-K1', controller })).body._id;

    const list = await openPage(browser, 'en-us');
    await signInAt(list, shown.url, 'admin', ADMIN_PASSWORD, '/Vendors');
    const detail = await openPage(browser, 'en-us');
    await signInAt(detail, shown.url, 'admin', ADMIN_PASSWORD, `/Vendors/${vendor}/show`);
    const cabinetScreen = await openPage(browser, 'en-us');
    await signInAt(cabinetScreen, shown.url, 'admin', ADMIN_PASSWORD, `/Cabinets/${cabinet}/show`);
    await list.getByText('Two-process vendor').first().waitFor();
    await detail.getByText('Two-process vendor').first().waitFor();
    await cabinetScreen.getByText('TWO-C1').first().waitFor();

    const renamed = `Renamed through the other process ${Date.now()}`;
    expect((await other.call('PATCH', `/api/v1/Vendors/${vendor}`, { name: renamed })).status).toBe(200);
    expect((await other.call('PATCH', `/api/v1/Controllers/${controller}`, { uid: 'TWO-C2' })).status).toBe(
      200,
    );
    const started = Date.now();
    await list.getByText(renamed).first().waitFor({ timeout: FOLLOW_MS });
    await detail.getByText(renamed).first().waitFor({ timeout: FOLLOW_MS });
    await cabinetScreen.getByText('TWO-C2').first().waitFor({ timeout: FOLLOW_MS });
    console.log(`screens of one process followed the other's change in ${Date.now() - started} ms`);
  }, 120_000);
});
