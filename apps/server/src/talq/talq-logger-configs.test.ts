import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { Gateway } from './talq-gateways.ts';
import { TalqLoggerConfigs } from './talq-logger-configs.ts';

// A gateway that refuses its logger configurations, or cannot be reached, is asked again later and named in the
// log; one bootstrapping again is not asked until its bootstrap ends.

const CMS = '0b7e0c1e-0000-4000-8000-00000000000c';
const closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing.splice(0)) close();
});

/** A gateway answering each logger request with the next status of `statuses` (the last one from then on). */
async function gatewayAnswering(statuses: number[]) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(`${req.method} ${new URL(req.url!, 'http://gw').pathname}`);
      res.writeHead(statuses.length > 1 ? statuses.shift()! : statuses[0]!, { 'content-length': 0 });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => server.close());
  return { seen, uri: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function sender(g: Partial<Gateway>) {
  const warned: object[] = [];
  const log = { warn: (o: object) => warned.push(o), error: (o: object) => warned.push(o) };
  const gateway = { id: 1, login: 'GW', state: 'ready', cmsAddress: CMS, services: [], ...g } as Gateway;
  /** what the gateway's screen is told of each attempt */
  const tried: unknown[] = [];
  const gateways = {
    byLogin: async () => gateway,
    tried: async (_id: number, task: string, problem?: object) => void tried.push([task, problem ?? null]),
  };
  const configs = new TalqLoggerConfigs(gateways, 2000, log, 50);
  closing.push(() => configs.stop());
  return { configs, warned, gateway, tried };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
};

it('asks a gateway that refused again later, and logs it', async () => {
  const gw = await gatewayAnswering([422, 201]);
  const { configs, warned, tried } = sender({ gatewayUri: gw.uri });
  configs.send({ id: 1, login: 'GW' });
  await until(() => gw.seen.length === 3);
  expect(gw.seen).toEqual(['POST /logger-configs', 'POST /logger-configs', 'POST /logger-configs']);
  expect(warned).toEqual([expect.objectContaining({ gateway: 1, failure: expect.stringMatching(/422/) })]);
  // the refusal shown on the gateways' screen until the configurations were taken
  await until(() => tried.length === 2);
  expect(tried).toEqual([
    ['loggerConfigs', { status: 422 }],
    ['loggerConfigs', null],
  ]);
});

it('asks an unreachable gateway again, and stops when the gateway bootstraps again', async () => {
  const { configs, warned, gateway, tried } = sender({ gatewayUri: 'http://127.0.0.1:1' });
  configs.send({ id: 1, login: 'GW' });
  await until(() => warned.length >= 2);
  expect(warned[0]).toMatchObject({ failure: expect.stringMatching(/not reached/) });
  expect(tried[0]).toEqual(['loggerConfigs', { status: null }]);
  gateway.state = 'announced';
  await new Promise((r) => setTimeout(r, 200));
  const count = warned.length;
  await new Promise((r) => setTimeout(r, 200));
  expect(warned.length).toBe(count);
});
