import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { loadCity, startTalqGateway, type TalqGatewayHandle } from '@sl/simulator';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import type { TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { consoleForSuite, rows } from './console-session.ts';
import { adminAt } from './form-helpers.ts';
import { renderedCounts, settled } from './map-helpers.ts';

// A TALQ gateway as an operator connects one (issue 31): commissioned on its screen, which shows its credentials
// once; the simulator's open gateway set up with them bootstraps and announces its lamps, which the screen and the
// map then show; a lamp dimmed from its list is done once the gateway fed it back; its module's screen reads the
// lamp's level from the gateway on demand. In en-us and ru.

let s: TestServer;
let browser: Browser;
const gateways: TalqGatewayHandle[] = [];
consoleForSuite((running) => ({ s, browser } = running));
afterAll(async () => {
  for (const g of gateways) await g.stop();
});

const TEXT = {
  'en-us': {
    menu: 'TALQ gateways',
    name: 'Name',
    uri: 'Gateway API address (gatewayUri)',
    city: 'City',
    commission: 'Commission',
    ready: 'ready',
    dimSelected: 'Dim selected',
    apply: 'Dim',
    done: 'Done',
    read: 'Read from the gateway',
  },
  ru: {
    menu: 'Шлюзы TALQ',
    name: 'Название',
    uri: 'Адрес API шлюза (gatewayUri)',
    city: 'Город',
    commission: 'Ввести в эксплуатацию',
    ready: 'готов',
    dimSelected: 'Диммировать выбранные',
    apply: 'Диммировать',
    done: 'Выполнено',
    read: 'Прочитать со шлюза',
  },
} as const;

type Listed = { login: string; city: number | null; group: number | null };
type Holder = { _id: number; cities?: number[] };

describe('TALQ gateways in Chromium', () => {
  for (const [i, lang] of (['en-us', 'ru'] as const).entries()) {
    it(`commissions a gateway, shows its secret once, and its lamps once it connects (${lang})`, async () => {
      const t = TEXT[lang];
      const page = await adminAt(s, browser, '/LuminaryModules', lang);
      await page.getByRole('menuitem', { name: t.menu }).click();
      await page.waitForURL('**/TalqGateways');
      await page.getByLabel(t.name).fill(`Gateway ${lang}`);
      await page.getByLabel(t.uri).fill('http://gateway.invalid/talq');
      await page.getByLabel(t.city).click();
      await page.getByRole('option').first().click();
      await page.getByRole('button', { name: t.commission, exact: true }).click();
      const secret = await page.getByTestId('talq-secret').inputValue();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const creds = {
        cms: await page.getByTestId('talq-cms-uri').inputValue(),
        login: await page.getByTestId('talq-login').inputValue(),
        secret,
      };
      expect(creds.cms).toBe(`${s.url}/talq/v2`);
      await shot(page, `talq-commissioned-${lang === 'ru' ? 'ru' : 'en'}`);
      // the administrator, of no group, left the group as the city chose it: the one group that holds the city
      const made = ((await s.call('GET', '/api/v2/talq/gateways')).body.result as Listed[]).find(
        (g) => g.login === creds.login,
      )!;
      const groups = (await s.call('GET', '/api/v1/Groups?limit=100')).body.data as Holder[];
      const holders = groups.filter((g) => g.cities?.includes(made.city!));
      expect(holders.length).toBe(1);
      expect(made.group).toBe(holders[0]!._id);

      // the secret is not shown again: a reload lists the gateway without it
      await page.reload();
      const row = page.getByTestId('talq-gateways').getByRole('row').filter({ hasText: creds.login });
      await row.waitFor();
      expect(await page.getByTestId('talq-secret').count()).toBe(0);

      const gateway = await startTalqGateway({
        ...creds,
        city: await loadCity('cambridge', { controllers: 1, network: 0x7a00 + i }),
        reportMs: 60_000,
      });
      gateways.push(gateway);
      // the screen follows the gateway's announcement live
      await row.getByText(t.ready, { exact: true }).waitFor({ timeout: 30_000 });
      await shot(page, `talq-ready-${lang === 'ru' ? 'ru' : 'en'}`);

      // its lamps on the map
      const lamp = gateway.lamps[0]!;
      await page.goto(`${s.url}/Map`);
      await settled(page);
      await page.evaluate((at) => window.__slMap!.jumpTo({ center: at, zoom: 18 }), [lamp.lon, lamp.lat] as [
        number,
        number,
      ]);
      await settled(page);
      await expect.poll(async () => (await renderedCounts(page)).LuminaryModules ?? 0).toBeGreaterThan(0);

      // one of them dimmed from its list (to a level of its own: 50, or 45 in the second run; the slider moves by 5), done once the
      // gateway fed it back
      const level = 50 - 5 * i;
      const lampsAt = () => gateways.flatMap((g) => g.lamps).filter((l) => l.level === level).length;
      const before = lampsAt();
      await page.goto(`${s.url}/LuminaryModules`);
      await rows(page).first().getByRole('checkbox').check();
      await page.getByRole('button', { name: t.dimSelected }).click();
      const dialog = page.getByTestId('bulk-dim');
      for (let k = 0; k < (50 - level) / 5; k++) await dialog.getByRole('slider').press('ArrowLeft');
      await dialog.getByRole('button', { name: t.apply, exact: true }).click();
      await page.getByTestId('bulk-dim-answer').getByText(t.done).waitFor({ timeout: 30_000 });
      expect(lampsAt()).toBe(before + 1);
      await shot(page, `talq-dimmed-${lang === 'ru' ? 'ru' : 'en'}`);

      // a lamp's level read from its gateway now, on the module's screen (the gateway changed it by itself)
      const module = (await s.call('GET', `/api/v1/LuminaryModules?uid=${lamp.address}`)).body.data[0] as {
        _id: number;
      };
      const own = 20 + i;
      lamp.override = { level: own, until: Date.now() + 3_600_000 };
      lamp.level = own;
      await page.goto(`${s.url}/LuminaryModules/${module._id}/show`);
      const card = page.getByTestId('module-talq');
      await card.getByText(lamp.address).waitFor();
      await card.getByRole('button', { name: t.read }).click();
      await card.getByTestId('module-talq-answer').getByText(`actualLightState: ${own} %`).waitFor();
      await expect
        .poll(() =>
          card
            .getByRole('row')
            .filter({ hasText: `${own} %` })
            .count(),
        )
        .toBeGreaterThan(0);
      await shot(page, `talq-read-${lang === 'ru' ? 'ru' : 'en'}`);
      await page.context().close();
    });
  }
});
