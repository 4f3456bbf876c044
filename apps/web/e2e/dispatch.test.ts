import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { Client, TestServer } from '../../server/test/harness.ts';
import { seriousViolations } from './axe.ts';
import { shot } from './browser.ts';
import { consoleForSuite, openPage, signInAt } from './console-session.ts';
import { near, pixel } from './map-helpers.ts';

// Issue 32, the dispatcher's screen in en-us and ru: orders made through the API in the Demo group, which has two
// crews; the screen lists them by due date with the late one standing out (in the list and ringed on the map); a
// marker chooses its row and a row its marker; an order dragged onto a crew's lane, and one given a crew with its
// card's select, are assigned (the server says so); a change the server refuses is shown in its words; the demo
// user sees the screen, with nothing to drag or choose, and the server refuses them.

let s: TestServer;
let browser: Browser;
const PASSWORD = 'Lamps-2026-dispatch';
const LATE_RING = '#d32f2f';
const crews = { north: 0, south: 0 };
type Lang = 'en-us' | 'ru';
type Orders = { late: number; soon: number; later: number; last: number; started: number };
const orders = {} as Record<Lang, Orders>;

const TEXT = {
  'en-us': {
    menu: 'Dispatch',
    head: ['Order', 'State', 'Crew', 'Due', 'Age', 'Priority', 'Street'],
    late: 'Late',
    crew: 'Crew',
    notAssigned: 'Not assigned',
    assigned: 'Assigned',
    refused: 'ERROR: Is invalid',
    readOnly: 'You may see the orders but not assign them.',
    due: /^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s[AP]M/,
    age: '30 hr',
    demoRefused: 'the demo user is not allowed to edit',
  },
  ru: {
    menu: 'Диспетчерская',
    head: ['Наряд', 'Состояние', 'Бригада', 'Срок', 'Возраст', 'Приоритет', 'Улица'],
    late: 'Просрочен',
    crew: 'Бригада',
    notAssigned: 'Без бригады',
    assigned: 'Назначен',
    refused: 'ERROR: Неверные данные',
    readOnly: 'Вы можете смотреть наряды, но не назначать их.',
    due: /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/,
    age: '30 ч',
    demoRefused: 'демо-пользователю запрещено редактирование',
  },
} as const;

// each language's orders stand apart on the map, so that no marker hides another
const SPOT: Record<Lang, [number, number]> = { 'en-us': [-71.118, 42.373], ru: [-71.098, 42.363] };
const titleOf = (lang: Lang, what: string) => `${lang} ${what}`;

async function post(c: Client, path: string, body: Record<string, unknown>) {
  const res = await c.call('POST', path, body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as number;
}

/**
 * Five orders of one language, due in 4, 24 and 48 hours by their fault kinds, one past its due date (moved there
 * in the database: the API dates an order from now), and one in progress with the north crew.
 */
async function prepareOrders(
  server: TestServer,
  dispatcher: Client,
  lang: Lang,
  kinds: Record<'h4' | 'h24' | 'h48', number>,
) {
  const [lon, lat] = SPOT[lang];
  const pole = (n: number) =>
    post(dispatcher, '/api/v1/LuminarySupports', {
      uid: `${lang}-DP-${n}`,
      location: { type: 'Point', coordinates: [lon + n * 0.005, lat] },
    });
  const cabinet = await post(dispatcher, '/api/v1/Cabinets', {
    uid: `${lang}-DK`,
    location: { type: 'Point', coordinates: [lon, lat - 0.004] },
  });
  const order = (what: string, body: Record<string, unknown>) =>
    post(dispatcher, '/api/v1/WorkOrders', { title: titleOf(lang, what), ...body });
  const late = await order('Main St, late', {
    faultKind: kinds.h4,
    supports: [await pole(0)],
    street: 'Main St',
  });
  await server.sql(
    `update work_orders set created_at = now() - interval '30 hours', due_date = now() - interval '6 hours'
     where _id = $1`,
    [late],
  );
  orders[lang] = {
    late,
    soon: await order('Oak Ave cabinet', { faultKind: kinds.h4, cabinets: [cabinet], street: 'Oak Ave' }),
    later: await order('Elm St', { faultKind: kinds.h24, supports: [await pole(1)], street: 'Elm St' }),
    last: await order('Pine St', { faultKind: kinds.h48, supports: [await pole(2)], street: 'Pine St' }),
    started: await order('Birch Rd, started', {
      faultKind: kinds.h48,
      crew: crews.north,
      supports: [await pole(3)],
      street: 'Birch Rd',
    }),
  };
  const started = await dispatcher.call('PATCH', `/api/v1/WorkOrders/${orders[lang].started}`, {
    status: 'IN_PROGRESS',
  });
  if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
}

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (s) => {
    const groups = (await s.call('GET', '/api/v1/Groups?limit=100')).body.data as {
      _id: number;
      name: string;
    }[];
    const demo = groups.find((g) => g.name === 'Demo')!._id;
    await post(s, '/api/v1/Users', {
      login: 'dispatcher',
      password: PASSWORD,
      email: 'dispatcher@example.org',
      type: 'GROUPADMIN',
      group: demo,
      role: await s.plainRole(),
    });
    const dispatcher = await s.signIn('dispatcher', PASSWORD);
    crews.north = await post(dispatcher, '/api/v1/Crews', { name: 'North crew' });
    crews.south = await post(dispatcher, '/api/v1/Crews', { name: 'South crew' });
    const kind = (name: string, hoursMedium: number) => post(s, '/api/v1/FaultKinds', { name, hoursMedium });
    const kinds = {
      h4: await kind('Dispatch 4 h', 4),
      h24: await kind('Dispatch 24 h', 24),
      h48: await kind('Dispatch 48 h', 48),
    };
    for (const lang of ['en-us', 'ru'] as const) await prepareOrders(s, dispatcher, lang, kinds);
  },
);

const order = async (id: number) =>
  (await s.call('GET', `/api/v1/WorkOrders/${id}`)).body as Record<string, unknown>;
const listRows = (page: Page) => page.getByTestId('dispatch-list').locator('tbody tr');
const row = (page: Page, id: number) => page.getByTestId('dispatch-list').locator(`tr[data-order="${id}"]`);
const card = (page: Page, id: number) => page.locator(`[data-testid="dispatch-card"][data-order="${id}"]`);
const lane = (page: Page, crew: number | '') =>
  page.locator(`[data-testid="dispatch-lane"][data-crew="${crew}"]`);

/** Where an order's marker is drawn on the page, once the map has drawn the orders and stopped. */
async function markerAt(page: Page, lon: number, lat: number) {
  await page.waitForFunction(
    () => {
      const m = window.__slDispatchMap;
      return (
        !!m &&
        m.loaded() &&
        !m.isMoving() &&
        m.queryRenderedFeatures({ layers: ['dispatch-orders'] }).length > 0
      );
    },
    undefined,
    { timeout: 30_000 },
  );
  const box = (await page.getByTestId('dispatch-map').boundingBox())!;
  const at = await page.evaluate(([x, y]) => window.__slDispatchMap!.project([x, y]), [lon, lat] as const);
  return { x: box.x + at.x, y: box.y + at.y };
}

async function dispatcherAt(lang: Lang): Promise<Page> {
  const page = await openPage(browser, lang);
  page.setDefaultTimeout(20_000);
  await signInAt(page, s.url, 'dispatcher', PASSWORD, '/About');
  await page.getByRole('menuitem', { name: TEXT[lang].menu }).click();
  await page.waitForURL('**/Dispatch');
  await listRows(page).first().waitFor();
  return page;
}

/** The titles of this language's orders, in the list's order. */
const titlesOf = async (page: Page, lang: Lang) =>
  (await listRows(page).locator('td:first-child').allTextContents()).filter((t) => t.startsWith(`${lang} `));

/** The orders the map rings as chosen. */
const chosenOnMap = (page: Page) =>
  page.evaluate(() =>
    window
      .__slDispatchMap!.queryRenderedFeatures({ layers: ['dispatch-chosen'] })
      .map((f) => f.properties.id as number),
  );

/**
 * Drags `source` onto `target`. The drag starts while the pointer is still on the source: Playwright's dragTo
 * scrolls the target into view first, and Chromium then drags whatever card the pointer is over after the scroll.
 */
async function dragOnto(page: Page, source: Locator, target: Locator) {
  await source.hover({ position: { x: 24, y: 12 } });
  await page.mouse.down();
  const box = (await source.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 24, { steps: 2 });
  await target.hover();
  await page.mouse.up();
}

const crewOf = async (c: Locator) => c.getAttribute('data-crew');

describe("the dispatcher's screen, in Chromium", () => {
  for (const lang of ['en-us', 'ru'] as const) {
    const t = TEXT[lang];
    it(`lists the open orders by due date, the late one standing out, and assigns by drag and by choice (${lang})`, async () => {
      const page = await dispatcherAt(lang);
      const mine = orders[lang];
      expect(await page.getByTestId('dispatch-list').locator('thead th').allTextContents()).toEqual(t.head);
      expect(await titlesOf(page, lang)).toEqual(
        ['Main St, late', 'Oak Ave cabinet', 'Elm St', 'Pine St', 'Birch Rd, started'].map((w) =>
          titleOf(lang, w),
        ),
      );
      // the late one: marked in its row and on its card, its due date and age as the language writes them
      const late = row(page, mine.late);
      await late.getByText(t.late, { exact: true }).waitFor();
      expect(await late.locator('td').nth(3).textContent()).toMatch(t.due);
      expect(await late.locator('td').nth(4).textContent()).toBe(t.age);
      await card(page, mine.late).getByText(t.late, { exact: true }).waitFor();
      expect(await row(page, mine.later).getByText(t.late, { exact: true }).count()).toBe(0);

      // on the map: the late order ringed in red; its marker chooses its row, and a row chooses its marker
      const [lon, lat] = SPOT[lang];
      const at = await markerAt(page, lon, lat);
      // west of it, where no other order stands
      expect(near(await pixel(page, at.x - 9.5, at.y), LATE_RING, 60)).toBe(true);
      await page.mouse.click(at.x, at.y);
      await expect.poll(() => late.getAttribute('aria-selected')).toBe('true');
      await row(page, mine.later).click();
      await expect.poll(() => card(page, mine.later).getAttribute('aria-current')).toBe('true');
      await expect.poll(() => chosenOnMap(page)).toEqual([mine.later]);
      expect(await late.getAttribute('aria-selected')).toBe('false');
      await shot(page, `dispatch-${lang}`);
      expect(await seriousViolations(page)).toEqual([]);

      // dragged onto the north crew's lane: assigned to it
      expect(
        await crewOf(card(page, mine.later).locator('xpath=ancestor::*[@data-testid="dispatch-lane"]')),
      ).toBe('');
      await dragOnto(page, card(page, mine.later), lane(page, crews.north));
      await expect.poll(() => order(mine.later)).toMatchObject({ crew: crews.north, status: 'ASSIGNED' });
      await lane(page, crews.north)
        .locator(`[data-order="${mine.later}"]`)
        .getByText(t.assigned, { exact: true })
        .waitFor();

      // chosen on the card with its select (keyboard, touch): assigned to the south crew
      await card(page, mine.last).getByLabel(t.crew).selectOption({ label: 'South crew' });
      await expect.poll(() => order(mine.last)).toMatchObject({ crew: crews.south, status: 'ASSIGNED' });
      await lane(page, crews.south).locator(`[data-order="${mine.last}"]`).waitFor();

      // an order in progress cannot be left without a crew: the server's refusal, in the user's language
      await card(page, mine.started).getByLabel(t.crew).selectOption({ label: t.notAssigned });
      const refusal = card(page, mine.started).getByTestId('dispatch-refusal');
      await expect.poll(() => refusal.textContent()).toBe(t.refused);
      expect(await order(mine.started)).toMatchObject({ crew: crews.north, status: 'IN_PROGRESS' });
      await refusal.scrollIntoViewIfNeeded();
      await shot(page, `dispatch-assigned-${lang}`);
      await page.context().close();
    });
  }

  it('shows the demo user the orders with nothing to drag or choose, and the server refuses them', async () => {
    for (const lang of ['en-us', 'ru'] as const) {
      const t = TEXT[lang];
      const page = await openPage(browser, lang);
      page.setDefaultTimeout(20_000);
      const res = await page.request.get(`${s.url}/auth/sign-test`);
      const profile: unknown = await res.json();
      await page.goto(s.url + '/');
      await page.evaluate((p) => localStorage.setItem('user', JSON.stringify(p)), profile);
      await page.goto(s.url + '/About');
      await page.getByRole('menuitem', { name: t.menu }).click();
      await page.waitForURL('**/Dispatch');
      const first = card(page, orders[lang].soon);
      await first.waitFor();
      await page.getByText(t.readOnly).waitFor();
      expect(await first.getAttribute('draggable')).toBe('false');
      expect(await page.getByTestId('dispatch-card').getByLabel(t.crew).count()).toBe(0);
      if (lang === 'en-us') await shot(page, 'dispatch-demo-en');
      const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
      const refused = await page.request.patch(`${s.url}/api/v1/WorkOrders/${orders[lang].soon}`, {
        data: { crew: crews.north },
        headers: { 'x-csrf-token': decodeURIComponent(csrf) },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(t.demoRefused);
      expect(await order(orders[lang].soon)).toMatchObject({ crew: null, status: 'NEW' });
      await page.context().close();
    }
  });
});
