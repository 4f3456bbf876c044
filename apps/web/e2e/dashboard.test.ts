import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { VALUE_MESSAGES } from '@sl/domain';
import { topic } from '@sl/protocol';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, rows, signIn, signInAt } from './console-session.ts';
import { adminAt, choose } from './form-helpers.ts';

// Issue 14: the dashboard's open events by type and commands in progress, counted from what this test makes and
// followed live; the layout kept on the server, so a fresh browser shows it as arranged, and a layout this browser
// kept before taken over once; Analytics' availability of a year with a known outage; en-us and ru.

let s: TestServer;
let browser: Browser;
let keeperId = 0;
const KEEPER = { login: 'keeper', password: 'Lamps-2026' };
const YEAR = new Date().getFullYear() - 1;

const made = async (entity: string, body: object) => {
  const res = await s.call('POST', `/api/v1/${entity}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as number;
};

/** a command as the archive keeps it, at one controller in `state` */
async function command(type: string, target: object, state: string) {
  const [c] = await s.sql<{ id: string }>(
    `insert into commands (user_id, type, target, payload, finished_at)
    select _id, $1, $2::jsonb, '{}'::jsonb, case when $3 in ('queued', 'sent') then null else now() end
    from users where login = 'admin' returning id`,
    [type, JSON.stringify(target), state],
  );
  await s.sql(
    `insert into command_devices (command_id, controller_mac, state, sent_at) values ($1::bigint, $2, $3, now())`,
    [c!.id, '0A000000AA', state],
  );
}

/** A controller of the test's own on the server's broker: takes one command, and answers it when told. */
async function quietController() {
  const mac = '0243DB000001';
  const moduleMac = '024DDB0000000001';
  const controller = await made('Controllers', { mac });
  const module = await made('LuminaryModules', { mac: moduleMac, controller });
  const secret = (await s.call('POST', `/api/v2/controllers/${controller}/secret`)).body.result.secret;
  const client = await mqtt.connectAsync(s.brokerUrl, { clientId: mac, username: mac, password: secret });
  let id = '';
  const received = new Promise<void>((resolve) =>
    client.on('message', (_topic, buf) => {
      id = (JSON.parse(buf.toString()) as { id: string }).id;
      resolve();
    }),
  );
  await client.subscribeAsync(topic(mac, 'cmd'), { qos: 1 });
  return {
    module,
    moduleMac,
    received,
    answer: async () => {
      await client.publishAsync(topic(mac, 'reply'), JSON.stringify({ id, code: 0 }), { qos: 1 });
      await client.endAsync();
    },
  };
}

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (server) => {
    s = server;
    await made('Cities', {
      name: { 'en-us': 'Testville', ru: 'Тестовск' },
      lat: 52,
      lon: 0,
      timezone: 'UTC',
    });
    // two free sockets; two modules on no mounting and no controller, one of them broken
    await made('LuminarySupports', { uid: 'post-free', socketCount: 2 });
    const lamps = [];
    for (const i of [1, 2]) {
      const module = await made('LuminaryModules', { mac: `0A0000000000000${i}` });
      await made('Luminaries', {
        uid: `lamp-${i}`,
        controlModule: module,
        installationDate: `${YEAR}-01-01`,
      });
      lamps.push(module);
    }
    await s.sql('update luminary_modules set cl_status = 4096 where _id = $1', [lamps[1]]);
    await s.events.detect();
    // last year: the first lamp broken for exactly its first half, so its lamps were available 3/4 of the time
    const half = new Date((Date.UTC(YEAR, 0, 1) + Date.UTC(YEAR + 1, 0, 1)) / 2).toISOString();
    await s.sql(
      `insert into important_events (type, status, open_date, close_date, module, device)
      values ('LAMP_BROKEN', 'SOLVED', $1::timestamptz, $2::timestamptz, $3::bigint, 'module:' || $3::bigint)`,
      [`${YEAR}-01-01T00:00:00Z`, half, lamps[0]],
    );
    await command('dim', { by: 'mac', mac: '0A00000000000001' }, 'sent');
    await command('switch', { by: 'controller', id: 7 }, 'queued');
    await command('dim', { by: 'mac', mac: '0A00000000000002' }, 'acknowledged');
    keeperId = await made('Users', {
      ...KEEPER,
      type: 'ADMIN',
      role: await s.plainRole(),
      email: 'keeper@example.org',
    });
  },
  120_000,
  // commands stay in progress for the test's length rather than expire 7 s after they were sent
  { commandTimeoutMs: 600_000 },
);

const order = (page: Page) =>
  page
    .getByTestId('dashboard-widgets')
    .locator(':scope > [data-testid^="widget-"]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')!.slice('widget-'.length)));

const savedLayout = async (c: { call: TestServer['call'] }) =>
  ((await c.call('GET', '/api/v2/preferences')).body.result['preferences.dashboard.layout'] ?? []) as {
    widget: string;
    shown: boolean;
  }[];

describe('the dashboard and analytics of issue 14, in Chromium', () => {
  it('counts open events by type, zeros too, each leading to its events (en-us, ru)', async () => {
    for (const lang of ['en-us', 'ru'] as const) {
      const names = VALUE_MESSAGES[lang] as Record<string, string>;
      const page = await adminAt(s, browser, '/Dashboard', lang);
      const line = (type: string) => page.getByTestId(`open-events-${type}`);
      await expect.poll(() => line('LAMP_BROKEN').textContent()).toBe(`${names.LAMP_BROKEN}: 1`);
      expect(await page.getByTestId('open-events-total').textContent()).toBe('7');
      expect(await line('SOCKET_ON_SUPPORT_IS_FREE').textContent()).toBe(
        `${names.SOCKET_ON_SUPPORT_IS_FREE}: 2`,
      );
      expect(await line('MODULE_NOT_ASSIGN_TO_SUPPORT').textContent()).toBe(
        `${names.MODULE_NOT_ASSIGN_TO_SUPPORT}: 2`,
      );
      expect(await line('CABINET_DOOR_OPEN').textContent()).toBe(`${names.CABINET_DOOR_OPEN}: 0`);
      const counts = (await s.call('GET', '/api/v2/important-events/counts')).body.result;
      expect(counts).toMatchObject({ LAMP_BROKEN: 1, SOCKET_ON_SUPPORT_IS_FREE: 2, CABINET_DOOR_OPEN: 0 });
      await shot(page, `h14-dashboard-${lang === 'ru' ? 'ru' : 'en'}`);

      await line('LAMP_BROKEN').click();
      await page.waitForURL('**/Events');
      await expect.poll(() => rows(page).count()).toBe(1);
      expect(await rows(page).first().textContent()).toContain(names.LAMP_BROKEN);
      await shot(page, `h14-events-of-type-${lang === 'ru' ? 'ru' : 'en'}`);
      await page.context().close();
    }
  });

  it('shows the commands in progress, the latest first with command, target and user, and follows new ones', async () => {
    const page = await adminAt(s, browser, '/Dashboard', 'ru');
    const count = page.getByTestId('commands-pending-count');
    await expect.poll(() => count.textContent()).toBe('2');
    const items = page.getByTestId('commands-pending-item');
    expect(await items.nth(0).textContent()).toContain('Переключение фаз · контроллер №7 · admin');
    expect(await items.nth(1).textContent()).toContain('Диммирование · MAC 0A00000000000001 · admin');
    // a real command, to a controller of the test's that takes it and answers only when told: the widget no
    // longer asks every 10 s, so only the live stream's word brings it within the 2 s a screen has
    const field = await quietController();
    const dim = s.call('GET', `/api/v1/control/lighting?by=id&id=${field.module}&raw=30`);
    try {
      await field.received;
      await expect.poll(() => count.textContent(), { timeout: 2500 }).toBe('3');
      expect(await items.nth(0).textContent()).toMatch(
        new RegExp(`^Диммирование до 30\\s?% · ${field.moduleMac} · admin`),
      );
      await shot(page, 'h14-dashboard-commands-ru');
      await count.click();
      await page.waitForURL('**/Commands?outcome=pending');
      await expect
        .poll(() => page.getByTestId('commands-table').locator('tbody tr[data-testid]').count())
        .toBe(3);
      await page.goBack();
    } finally {
      // the server waits for this answer: without it, its close would wait for the command's 10 minutes
      await field.answer();
    }
    expect((await dim).body.code).toBe(0);
    // and once the controller answered, the widget no longer counts it
    await expect.poll(() => count.textContent(), { timeout: 2500 }).toBe('2');
    await page.context().close();
  });

  it('keeps the arranged layout on the server: a fresh browser shows it after signing in', async () => {
    const first = await adminAt(s, browser, '/Dashboard');
    await first.getByTestId('widget-commands').waitFor();
    expect(await order(first)).toEqual(['lamps', 'events', 'commands', 'today', 'month', 'saved']);
    await first.getByRole('checkbox', { name: 'Consumption today', exact: true }).uncheck();
    await first.getByRole('button', { name: 'Move up: Commands in progress' }).click();
    const arranged = ['lamps', 'commands', 'events', 'month', 'saved'];
    expect(await order(first)).toEqual(arranged);
    await expect
      .poll(async () => (await savedLayout(s)).filter((w) => w.shown).map((w) => w.widget))
      .toEqual(arranged);
    await first.context().close();

    const second = await openPage(browser, 'ru');
    second.setDefaultTimeout(20_000);
    await signInAt(second, s.url, 'admin', ADMIN_PASSWORD, `/Dashboard`);
    await second.getByTestId('widget-commands').waitFor();
    expect(await order(second)).toEqual(arranged);
    expect(await second.getByRole('checkbox', { name: 'Потребление сегодня', exact: true }).isChecked()).toBe(
      false,
    );
    await shot(second, 'h14-dashboard-another-browser-ru');
    await second.context().close();
  });

  it('takes over a layout this browser kept before, once, with the new widgets added', async () => {
    const page = await openPage(browser, 'en-us');
    page.setDefaultTimeout(20_000);
    await signIn(page, s.url, KEEPER.login, KEEPER.password);
    const old = [
      { widget: 'saved', shown: true },
      { widget: 'lamps', shown: true },
      { widget: 'today', shown: false },
      { widget: 'month', shown: true },
    ];
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [`sl.dashboard.${keeperId}`, JSON.stringify(old)],
    );
    await page.goto(`${s.url}/Dashboard`);
    await page.getByTestId('widget-commands').waitFor();
    // the old layout comes after the default one is drawn: it is taken over once the server is asked
    await expect.poll(() => order(page)).toEqual(['saved', 'lamps', 'month', 'events', 'commands']);
    const keeper = await s.signIn(KEEPER.login, KEEPER.password);
    await expect
      .poll(async () => (await savedLayout(keeper)).map((w) => w.widget))
      .toEqual(old.map((w) => w.widget));
    expect(await page.evaluate((key) => localStorage.getItem(key), `sl.dashboard.${keeperId}`)).toBeNull();
    await page.context().close();
  });

  it("shows the year's availability in the other period figures, explained (en-us, ru)", async () => {
    for (const [lang, label, figure] of [
      ['en-us', 'Year', 'Availability: 75%'],
      ['ru', 'Год', 'Доступность: 75\u00a0%'],
    ] as const) {
      const page = await adminAt(s, browser, '/Analytics', lang);
      await choose(page, label, String(YEAR));
      const available = page.getByTestId('analytics-availability');
      await expect.poll(() => available.textContent()).toBe(figure);
      await shot(page, `h14-analytics-availability-${lang === 'ru' ? 'ru' : 'en'}`);
      await page.context().close();
    }
  });
});
