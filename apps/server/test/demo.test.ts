import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, entity, READ_FLAGS } from '@sl/domain';
import { backend, startServer, type Client, type TestServer } from './harness.ts';
import { Samples } from './samples.ts';

// The demo user reads and never writes: every mutating route answers 403 demoUser and nothing changes.

let s: TestServer;
let demo: Client;
let samples: Samples;
const existing = new Map<string, number>();

async function snapshot() {
  const out: Record<string, unknown> = {};
  for (const e of ENTITIES)
    out[e.name] = (await s.call('GET', `/api/v1/${e.name}?limit=1000000&deleted=true`)).body;
  return out;
}

beforeAll(async () => {
  s = await startServer();
  samples = new Samples(s);
  // data the server computes has no route that makes it: its routes are asked of record 1
  for (const e of ENTITIES) existing.set(e.name, (await samples.idOf(e.name)) ?? 1);
  demo = await s.demo();
});
afterAll(() => s?.close());

/** A body that would be accepted, so only the access rule can refuse it. */
async function bodyFor(url: string, method: string) {
  const name = /^\/api\/v[12]\/([A-Za-z]+)/.exec(url)?.[1];
  const e = ENTITIES.find((x) => x.name === name);
  if (url.includes('users/create-with-group'))
    return {
      group: { name: 'G' },
      city: { name: { 'en-us': 'C' }, lat: 1, lon: 1 },
      user: { login: 'u1', password: 'Lamps-2026', role: existing.get('Roles'), email: 'u1@example.org' },
    };
  if (url.includes('users/create-on-group'))
    return {
      groupId: existing.get('Groups'),
      user: { login: 'u2', password: 'Lamps-2026', role: existing.get('Roles'), email: 'u2@example.org' },
    };
  if (url.includes('users/update')) return { _id: existing.get('Users'), phone: '1' };
  if (url.includes('roles/copy')) return { _id: existing.get('Roles'), name: 'copy' };
  if (url.includes('controllers/command')) return { _id: existing.get('Controllers'), command: { relay: 1 } };
  if (!e) return {};
  const body = await samples.body(e);
  return method === 'PATCH' && !url.includes(':id') ? { ...body, _id: existing.get(e.name) } : body;
}

describe(`demo user on ${backend}`, () => {
  it('is refused with demoUser on every mutating route, and nothing changes', async () => {
    const mutating = s.routes.filter(
      (r) => typeof r.access === 'object' && !READ_FLAGS.includes(r.access.action) && r.method !== 'GET',
    );
    expect(mutating.length).toBeGreaterThan(100);
    const before = await snapshot();
    for (const r of mutating) {
      const name = /^\/api\/v[12]\/([A-Za-z]+)/.exec(r.url)?.[1];
      const id = name && ENTITIES.some((e) => e.name === name) ? existing.get(entity(name).name) : 1;
      const res = await demo.call(r.method, r.url.replace(':id', String(id)), await bodyFor(r.url, r.method));
      expect([res.status, res.body.code], `${r.method} ${r.url}`).toEqual([403, 'demoUser']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('reads what its role lets it read', async () => {
    expect((await demo.call('GET', '/api/v1/LuminarySupports')).status).toBe(200);
    expect((await demo.call('GET', '/api/v2/lamp-modules/search')).status).toBe(200);
  });
});
