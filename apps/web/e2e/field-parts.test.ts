import { describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, signInAt } from './console-session.ts';
import { adminAt } from './form-helpers.ts';

// Issue 32, a part replaced in the field: on a 360 × 640 phone, without network, the crew member starts the order
// and replaces its lamp with another model; both wait on the phone and are sent when the network returns, after
// which the server has the replacement (by the crew member, on the phone's day) and the lamp its new model. The
// dispatcher then sees it on the order's page and in the parts used per month, in en-us and ru.

let s: TestServer;
let browser: Browser;
const PASSWORD = 'Lamps-2026-parts';
const OLD_MODEL = 'Parts LED 60 W';
const NEW_MODEL = 'Parts LED 90 W';

const TEXT = {
  'en-us': {
    offline: 'Offline',
    online: 'Online',
    start: 'Start',
    replace: 'Replace a part',
    part: 'Part',
    lamp: 'Lamp',
    model: 'Model fitted',
    serial: 'Serial number fitted',
    record: 'Record the replacement',
    waitingTwo: 'Waiting to send: 2',
    waiting: 'Waiting to send',
    replacements: 'Parts replaced',
    reportHead: ['Part', 'Total'],
    reportRows: [
      ['Lamp', '2'],
      ['Driver', '0'],
      ['Control module', '0'],
      ['Total', '2'],
    ],
  },
  ru: {
    offline: 'Нет сети',
    online: 'В сети',
    start: 'Начать',
    replace: 'Заменить деталь',
    part: 'Деталь',
    lamp: 'Светильник',
    model: 'Установленная модель',
    serial: 'Серийный номер установленного',
    record: 'Записать замену',
    waitingTwo: 'Ждут отправки: 2',
    waiting: 'Ждёт отправки',
    replacements: 'Замены деталей',
    reportHead: ['Деталь', 'Всего'],
    reportRows: [
      ['Светильник', '2'],
      ['Драйвер', '0'],
      ['Модуль управления', '0'],
      ['Всего', '2'],
    ],
  },
} as const;
type Lang = keyof typeof TEXT;

type Row = Record<string, unknown>;
const orders = {} as Record<Lang, number>;
const lamps = {} as Record<Lang, number>;
const models = {} as Record<'old' | 'new', number>;

async function post(path: string, body: Row) {
  const res = await s.call('POST', path, body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Row & { _id: number };
}

/** A crew of one member and its order on a pole with one lamp (of the old model) and its module. */
async function prepareCrew(lang: Lang, group: number, role: number) {
  const login = `fitter-${lang}`;
  const user = await post('/api/v1/Users', {
    login,
    password: PASSWORD,
    email: `${login}@example.org`,
    type: 'NORMAL',
    group,
    role,
  });
  const crew = await post('/api/v1/Crews', { name: `Fitters ${lang}`, group, members: [user._id] });
  const tag = lang === 'ru' ? 'R' : 'E';
  lamps[lang] = (
    await post('/api/v1/Luminaries', {
      uid: `LP-${tag}-1`,
      name: `Lamp ${tag}`,
      model: models.old,
      installationDate: '2019-04-01',
      group,
    })
  )._id;
  const module = await post('/api/v1/LuminaryModules', { mac: `02FE0000000${lang === 'ru' ? 2 : 1}`, group });
  const pole = await post('/api/v1/LuminarySupports', {
    uid: `PP-${tag}-1`,
    street: 'Church St',
    sockets: [{ luminary: lamps[lang], luminaryModule: module._id }],
    group,
  });
  orders[lang] = (
    await post('/api/v1/WorkOrders', {
      title: `Lamp to replace (${lang})`,
      crew: crew._id,
      supports: [pole._id],
      group,
    })
  )._id;
}

consoleForSuite(
  (running) => ({ s, browser } = running),
  async (server) => {
    s = server;
    const group = (await post('/api/v1/Groups', { name: 'Parts crews' }))._id;
    const role = (
      await post('/api/v1/Roles', {
        name: 'Fitter',
        accessRights: { WorkOrders: { view: true, list: true, edit: true } },
      })
    )._id;
    const vendor = await post('/api/v1/Vendors', { name: 'Parts vendor' });
    models.old = (await post('/api/v1/LuminaryModels', { name: OLD_MODEL, vendor: vendor._id }))._id;
    models.new = (await post('/api/v1/LuminaryModels', { name: NEW_MODEL, vendor: vendor._id }))._id;
    for (const lang of ['en-us', 'ru'] as const) await prepareCrew(lang, group, role);
  },
);

async function phone(lang: Lang) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    locale: lang,
    reducedMotion: 'reduce',
  });
  await context.addInitScript((l) => localStorage.getItem('lang') || localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

const replacementsOf = async (order: number) =>
  (await s.call('GET', `/api/v1/PartReplacements?workOrder=${order}`)).body.data as Row[];
const lampOf = async (lang: Lang) => (await s.call('GET', `/api/v1/Luminaries/${lamps[lang]}`)).body as Row;

/** The table's header and cells. */
const cellsOf = (table: Locator) =>
  table
    .locator('tr')
    .evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)));

describe('a part replaced in the field, in Chromium', () => {
  it.each(['en-us', 'ru'] as const)(
    '%s: the lamp replaced offline with another model, sent when back online',
    async (lang) => {
      const t = TEXT[lang];
      const { context, page } = await phone(lang);
      await signInAt(page, s.url, `fitter-${lang}`, PASSWORD, '/field');
      await page
        .getByTestId('field-order')
        .filter({ hasText: `Lamp to replace (${lang})` })
        .click();
      const detail = page.getByTestId('field-detail');
      await detail.getByText(OLD_MODEL, { exact: false }).waitFor();

      await context.setOffline(true);
      await page.getByTestId('field-network').getByText(t.offline).waitFor();
      await detail.getByRole('button', { name: t.start, exact: true }).click();
      await detail.getByRole('button', { name: t.replace }).click();
      const form = detail.getByTestId('field-replace');
      expect(await form.getByLabel(t.part).inputValue()).toBe('LAMP');
      await form.getByLabel(t.model).selectOption({ label: NEW_MODEL });
      await form.getByLabel(t.serial).fill(`SN-90-${lang}`);
      await form.getByRole('button', { name: t.record }).scrollIntoViewIfNeeded();
      await shot(page, `field-replace-form-${lang}`);
      await form.getByRole('button', { name: t.record }).click();
      await page.getByText(t.waitingTwo).waitFor();
      await detail.getByTestId('field-replaced').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `field-replace-offline-${lang}`);
      // nothing reached the server without network
      expect(await replacementsOf(orders[lang])).toEqual([]);
      expect((await lampOf(lang)).model).toBe(models.old);

      await context.setOffline(false);
      await expect.poll(async () => (await replacementsOf(orders[lang])).length).toBe(1);
      const [replaced] = await replacementsOf(orders[lang]);
      const phoneDay = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      const user = (await s.call('GET', `/api/v1/Users?login=fitter-${lang}`)).body.data[0] as Row;
      expect(replaced).toMatchObject({
        kind: 'LAMP',
        luminary: lamps[lang],
        fittedModel: models.new,
        fittedSerial: `SN-90-${lang}`,
        replacedOn: phoneDay,
        replacedBy: user._id,
      });
      expect(await lampOf(lang)).toMatchObject({ model: models.new, installationDate: phoneDay });
      expect((await s.call('GET', `/api/v1/WorkOrders/${orders[lang]}`)).body.status).toBe('IN_PROGRESS');
      // the day loaded afresh: the lamp with its new model, nothing waiting
      await page.getByTestId('field-network').getByText(t.online).waitFor();
      await detail.getByText(`Lamp ${lang === 'ru' ? 'R' : 'E'} — ${NEW_MODEL}`).waitFor();
      await expect.poll(() => page.getByText(t.waiting, { exact: false }).count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `field-replace-synced-${lang}`);
      await context.close();
    },
  );

  it.each(['en-us', 'ru'] as const)(
    '%s: the dispatcher sees the replacement on the order and in the parts used per month',
    async (lang) => {
      const t = TEXT[lang];
      const page = await adminAt(s, browser, `/WorkOrders/${orders[lang]}/show`, lang);
      const card = page.getByTestId('order-part-replacements');
      await card.getByText(t.replacements).waitFor();
      await card.getByText(`— → SN-90-${lang}`, { exact: false }).waitFor();
      await card.getByText(NEW_MODEL).waitFor();
      expect(await card.getByRole('listitem').count()).toBe(1);
      await card.getByText(`fitter-${lang}`).waitFor();
      await shot(page, `order-part-replacements-${lang}`);

      // the lamp's history: the replacement, and its model and installation day changed by the crew member
      await page.goto(`${s.url}/Luminaries/${lamps[lang]}/show/history`);
      const history = page.getByTestId('history-tab');
      await history
        .getByTestId('part-replacements')
        .getByText(`— → SN-90-${lang}`, { exact: false })
        .waitFor();
      await history
        .getByTestId('history-changes')
        .getByText(`fitter-${lang}`, { exact: false })
        .first()
        .waitFor();
      await shot(page, `lamp-history-parts-${lang}`);

      const day = (await replacementsOf(orders[lang]))[0]!.replacedOn as string;
      await page.goto(`${s.url}/MaintenanceReports?type=parts-used&by=kind&start=${day}&end=${day}`);
      const table = page.getByTestId('maintenance-report-table');
      await expect.poll(() => table.locator('tbody tr').count()).toBe(4);
      const cells = await cellsOf(table);
      expect(cells.map((r) => [r[0], r.at(-1)])).toEqual([t.reportHead, ...t.reportRows]);
      expect(cells[0]).toEqual([t.reportHead[0], day.slice(0, 7), t.reportHead[1]]);
      await page.getByTestId('maintenance-report-chart').locator('svg').waitFor();
      await shot(page, `maintenance-parts-used-${lang}`);
      await page.context().close();
    },
  );
});
