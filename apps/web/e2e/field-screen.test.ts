import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, signInAt } from './console-session.ts';

// Issue 32, crews in the field: the crew member's phone screen at 360 × 640 in en-us and ru. The day's orders
// nearest first from the phone's position; offline (the browser's offline mode) the order is started and marked
// done, which wait to be sent, and still do after a reload; back online they are sent and the server has the order
// DONE; an order cancelled meanwhile shows the crew member what was not sent.

let s: TestServer;
let browser: Browser;
const PASSWORD = 'Lamps-2026-field';
// Harvard Square, Cambridge, MA; the near pole some 100 m off, the far one 1.5 km away at Central Square
const HERE = { latitude: 42.3736, longitude: -71.119 };
const NEAR = [-71.1178, 42.3732];
const FAR = [-71.1037, 42.3654];

const TEXT = {
  'en-us': {
    nearest: 'Nearest first',
    due: 'Due ',
    pole: 'Pole',
    offline: 'Offline',
    online: 'Online',
    start: 'Start',
    done: 'Done',
    note: 'What was done',
    markDone: 'Mark done',
    waiting: 'Waiting to send',
    waitingTwo: 'Waiting to send: 2',
    inProgress: 'In progress',
    model: 'Field LED 60 W',
    conflict: 'Not sent: the order changed on the server',
    cancelled: 'The order is now: Cancelled',
    read: 'I have read this',
    doneToday: 'Done today',
  },
  ru: {
    nearest: 'Сначала ближайшие',
    due: 'Срок ',
    pole: 'Опора',
    offline: 'Нет сети',
    online: 'В сети',
    start: 'Начать',
    done: 'Выполнен',
    note: 'Что сделано',
    markDone: 'Отметить выполненным',
    waiting: 'Ждёт отправки',
    waitingTwo: 'Ждут отправки: 2',
    inProgress: 'В работе',
    model: 'Field LED 60 W',
    conflict: 'Не отправлено: наряд изменился на сервере',
    cancelled: 'Наряд теперь: Отменён',
    read: 'Прочитано',
    doneToday: 'Выполнено сегодня',
  },
} as const;
type Lang = keyof typeof TEXT;

type Row = Record<string, unknown>;
const orders: Record<Lang, { near: number; far: number; cancelled: number }> = {} as never;
const poles: Record<Lang, string> = {} as never;

async function post(path: string, body: Row) {
  const res = await s.call('POST', path, body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Row & { _id: number };
}

/** A crew of one member in `group`, and three orders of theirs: one on a pole near, two on a pole far away. */
async function prepareCrew(lang: Lang, group: number, role: number, model: number) {
  const login = `lineman-${lang}`;
  const user = await post('/api/v1/Users', {
    login,
    password: PASSWORD,
    email: `${login}@example.org`,
    type: 'NORMAL',
    group,
    role,
  });
  const crew = await post('/api/v1/Crews', { name: `Crew ${lang}`, group, members: [user._id] });
  const tag = lang === 'ru' ? 'R' : 'E';
  const lamp = await post('/api/v1/Luminaries', { uid: `L-${tag}-1`, name: `Lamp ${tag}`, model, group });
  const module = await post('/api/v1/LuminaryModules', { mac: `02FD0000000${lang === 'ru' ? 2 : 1}`, group });
  const point = (at: number[]) => ({ type: 'Point', coordinates: at });
  poles[lang] = `P-${tag}-NEAR`;
  const near = await post('/api/v1/LuminarySupports', {
    uid: poles[lang],
    street: 'Brattle St',
    location: point(NEAR),
    sockets: [{ luminary: lamp._id, luminaryModule: module._id }],
    group,
  });
  // no lamp in its socket: the detector opens an event on it
  const far = await post('/api/v1/LuminarySupports', {
    uid: `P-${tag}-FAR`,
    street: 'Massachusetts Ave',
    location: point(FAR),
    group,
  });
  const order = (title: string, supports: number[], priority: string) =>
    post('/api/v1/WorkOrders', {
      title,
      crew: crew._id,
      supports,
      priority,
      eventType: 'LAMP_OUT_AT_NIGHT',
      group,
    });
  // the far one is due first: nearest first puts the near one before it all the same
  orders[lang] = {
    far: (await order(`Far lamp out (${lang})`, [far._id], 'URGENT'))._id,
    near: (await order(`Near lamp out (${lang})`, [near._id], 'LOW'))._id,
    cancelled: (await order(`To be cancelled (${lang})`, [far._id], 'MEDIUM'))._id,
  };
}

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (server) => {
    s = server;
    const group = (await post('/api/v1/Groups', { name: 'Field crews' }))._id;
    const role = (
      await post('/api/v1/Roles', {
        name: 'Lineman',
        accessRights: { WorkOrders: { view: true, list: true, edit: true } },
      })
    )._id;
    // due dates from a service level: urgent in 4 hours, low in a week
    await post('/api/v1/FaultKinds', {
      name: 'Lamp out (field test)',
      eventType: 'LAMP_OUT_AT_NIGHT',
      hoursUrgent: 4,
      hoursHigh: 24,
      hoursMedium: 72,
      hoursLow: 168,
    });
    const vendor = await post('/api/v1/Vendors', { name: 'Field vendor' });
    const model = (await post('/api/v1/LuminaryModels', { name: TEXT['en-us'].model, vendor: vendor._id }))
      ._id;
    for (const lang of ['en-us', 'ru'] as const) await prepareCrew(lang, group, role, model);
    await s.events.detect();
  },
);

async function phone(lang: Lang) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    locale: lang,
    geolocation: HERE,
    permissions: ['geolocation'],
    reducedMotion: 'reduce',
  });
  await context.addInitScript((l) => localStorage.getItem('lang') || localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

const cards = (page: Page) => page.getByTestId('field-order');
const order = async (id: number) => (await s.call('GET', `/api/v1/WorkOrders/${id}`)).body as Row;

describe('the crew’s field screen on a phone, in Chromium', () => {
  it.each(['en-us', 'ru'] as const)(
    '%s: the day nearest first; started and done offline, sent when back online; a conflict shown',
    async (lang) => {
      const t = TEXT[lang];
      const ids = orders[lang];
      const { context, page } = await phone(lang);
      await signInAt(page, s.url, `lineman-${lang}`, PASSWORD, '/field');
      await page.getByText(t.nearest).waitFor();
      await expect
        .poll(() => cards(page).allTextContents())
        .toEqual([
          expect.stringContaining(`Near lamp out (${lang})`),
          expect.stringContaining(`Far lamp out (${lang})`),
          expect.stringContaining(`To be cancelled (${lang})`),
        ]);
      // the far one urgent, due in 4 hours by its fault kind's service level
      expect(await cards(page).nth(1).textContent()).toContain(t.due);
      await shot(page, `field-list-${lang}`);
      // a phone's page: nothing wider than its screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // the app shell is kept by the service worker for a start without network
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const kept = await (await caches.open('sl-field-shell')).keys();
            return kept.map((r) => new URL(r.url).pathname);
          }),
        )
        .toEqual(expect.arrayContaining(['/field', expect.stringMatching(/^\/assets\/field-app-.*\.js$/)]));

      await cards(page).first().click();
      const detail = page.getByTestId('field-detail');
      await detail.getByText(`${t.pole} ${poles[lang]}`).waitFor();
      await detail.getByText(t.model, { exact: false }).waitFor();
      await shot(page, `field-order-${lang}`);

      await context.setOffline(true);
      await page.getByTestId('field-network').getByText(t.offline).waitFor();
      await detail.getByRole('button', { name: t.start, exact: true }).click();
      await detail.getByTestId('field-waiting').waitFor();
      await detail.getByText(t.inProgress).waitFor();
      await detail.getByRole('button', { name: t.done, exact: true }).click();
      await detail.getByLabel(t.note).fill('Driver replaced, lamp burns');
      await detail.getByRole('button', { name: t.markDone }).click();
      await page.getByText(t.waitingTwo).waitFor();
      await shot(page, `field-offline-${lang}`);
      // kept on the phone: a reload without network shows the same
      await page.reload();
      await page.getByText(t.waitingTwo).waitFor();
      await page.getByTestId('field-detail').getByTestId('field-waiting').waitFor();
      expect((await order(ids.near)).status).toBe('ASSIGNED');

      // meanwhile the dispatcher cancels an order the crew member starts without knowing
      await page.goBack();
      await cards(page)
        .filter({ hasText: `To be cancelled (${lang})` })
        .click();
      await page.getByTestId('field-detail').getByRole('button', { name: t.start, exact: true }).click();
      const cancel = await s.call('PATCH', `/api/v1/WorkOrders/${ids.cancelled}`, {
        status: 'CANCELLED',
        reason: 'Pole to be replaced',
      });
      expect(cancel.status).toBe(200);
      await page.goBack();

      await context.setOffline(false);
      await expect.poll(async () => (await order(ids.near)).status).toBe('DONE');
      expect((await order(ids.near)).notes).toContain('Driver replaced, lamp burns');
      expect((await order(ids.cancelled)).status).toBe('CANCELLED');
      await page.getByTestId('field-network').getByText(t.online).waitFor();
      const conflict = page.getByTestId('field-conflict');
      await conflict.getByText(t.conflict).waitFor();
      await conflict.getByText(t.cancelled).waitFor();
      await conflict.getByText(`To be cancelled (${lang})`).waitFor();
      await page.getByText(t.doneToday).waitFor();
      await expect.poll(() => page.getByText(t.waiting, { exact: false }).count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `field-synced-${lang}`);
      await conflict.getByRole('button', { name: t.read }).click();
      await expect.poll(() => page.getByTestId('field-conflict').count()).toBe(0);
      await context.close();
    },
  );
});
