import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// History in the operator's words (issue 28 §4): the records a change refers to come named, and placing a module
// or a lamp in a mounting's socket, or taking it out, is written in the module's and the lamp's own history.

let s: TestServer;
type Entry = {
  action: string;
  login: string | null;
  changes: Record<string, { from?: unknown; to?: unknown }>;
};
type History = { data: Entry[]; names: Record<string, Record<string, string>> };

const historyOf = async (entity: string, id: number, lang = 'en-US') => {
  const res = await s.call('GET', `/api/v2/${entity}/history?id=${id}`, undefined, {
    'accept-language': lang,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as History;
};
const create = async (entity: string, body: object) => {
  const res = await s.call('POST', `/api/v1/${entity}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as number;
};

beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

describe(`history in words on ${backend}`, () => {
  it('names the city and the controller a change refers to, in the caller’s language', async () => {
    const city = await create('Cities', { name: { 'en-us': 'Wordtown', ru: 'Вордтаун' }, lat: 42, lon: -71 });
    const controller = await create('Controllers', { mac: '0243AAAA0001', uid: 'Elm cabinet controller' });
    const module = await create('LuminaryModules', { mac: '024DAAAA00000001' });
    const patched = await s.call('PATCH', `/api/v1/LuminaryModules/${module}`, { city, controller });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    const en = await historyOf('LuminaryModules', module);
    expect(en.data[0]!.changes).toMatchObject({
      city: { from: null, to: city },
      controller: { to: controller },
    });
    expect(en.names.Cities).toEqual({ [city]: 'Wordtown' });
    expect(en.names.Controllers).toEqual({ [controller]: 'Elm cabinet controller' });
    expect((await historyOf('LuminaryModules', module, 'ru')).names.Cities).toEqual({ [city]: 'Вордтаун' });
  });

  it('writes placing a module and a lamp in a socket, and taking them out, in their own history', async () => {
    const module = await create('LuminaryModules', { mac: '024DAAAA00000002' });
    const lamp = await create('Luminaries', { uid: 'LAMP-W-1' });
    const support = await create('LuminarySupports', { uid: 'POLE-W-1', socketCount: 2 });
    const place = (sockets: object[]) => s.call('PATCH', `/api/v1/LuminarySupports/${support}`, { sockets });
    expect((await place([{}, { luminaryModule: module, luminary: lamp }])).status).toBe(200);
    // moved within the mounting: still there, no entry
    expect((await place([{ luminaryModule: module, luminary: lamp }, {}])).status).toBe(200);
    expect((await place([{}, {}])).status).toBe(200);

    for (const [entity, id, field] of [
      ['LuminaryModules', module, 'luminarySupport'],
      ['Luminaries', lamp, 'support'],
    ] as const) {
      const h = await historyOf(entity, id);
      const moves = h.data.filter((e) => field in e.changes);
      expect(moves, entity).toEqual([
        { ...moves[0], action: 'update', login: 'admin', changes: { [field]: { from: support, to: null } } },
        { ...moves[1], action: 'update', login: 'admin', changes: { [field]: { from: null, to: support } } },
      ]);
      expect(h.names.LuminarySupports).toEqual({ [support]: 'POLE-W-1' });
    }
  });
});
