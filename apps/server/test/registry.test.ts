import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, READ_ONLY_AREAS, type Field } from '@sl/domain';
import { searchPaths } from '../src/entities/entity.routes.ts';
import { backend, startServer, type TestServer } from './harness.ts';
import { Samples } from './samples.ts';

// Walks the registry: every entity of spec §3 has every generic route, and its declaration validates.

let server: TestServer;
let samples: Samples;
let openapi: { paths: Record<string, Record<string, unknown>> };
beforeAll(async () => {
  server = await startServer();
  samples = new Samples(server);
  openapi = (await server.call('GET', '/api/docs/json')).body;
});
afterAll(() => server?.close());

const writable = (e: (typeof ENTITIES)[number]) =>
  Object.entries(e.fields).filter(([, f]) => !f.readOnly && !f.writeOnly);

describe.each(ENTITIES.map((e) => [e.name, e] as const))(`registry on ${backend}: %s`, (name, e) => {
  // data the server computes from the field: its writing routes refuse everyone (meters-average-read-only.test.ts)
  const readOnly = READ_ONLY_AREAS.includes(e.area);
  const refusesWrites = async () => {
    const body = await samples.body(e);
    for (const [method, path] of [
      ['POST', `/api/v1/${name}`],
      ['PATCH', `/api/v1/${name}/1`],
      ['DELETE', `/api/v1/${name}/1`],
    ] as const)
      expect(
        (await server.call(method, path, method === 'DELETE' ? undefined : body)).body,
        `${method} ${path}`,
      ).toMatchObject({ error: true, code: 'NotSupportedError' });
  };

  it('round-trips a record filled from its declaration through every route', async () => {
    if (readOnly) return refusesWrites();
    const body = await samples.body(e);
    const created = await server.call('POST', `/api/v1/${name}`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id;
    const one = await server.call('GET', `/api/v1/${name}/${id}`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    // a field the sample could not fill (a reference to its own entity) reads back unset
    for (const [field, def] of writable(e))
      expect(written(def, one.body[field]) ?? undefined, field).toEqual(stored(def, body[field]));
    expect(Object.keys(one.body)).not.toContain('password');

    const v2 = await server.call('GET', `/api/v2/${name}?id=${id}`);
    expect(v2.body).toMatchObject({ error: false, result: { _id: id } });
    const page = await server.call('GET', `/api/v1/${name}?limit=1000000`);
    expect(page.body.data.map((r: { _id: number }) => r._id)).toContain(id);
    // a search with default filters (events: open, of the spec's types) is asked for the record's own values
    const own = Object.keys(e.defaultFilters ?? {})
      .map((f) => `&${f}=${encodeURIComponent(String(one.body[f]))}`)
      .join('');
    for (const segment of searchPaths(e)) {
      const found = await server.call('GET', `/api/v2/${segment}/search?limit=100000${own}`);
      expect(found.status, segment).toBe(200);
      expect(found.body.result.total).toBeGreaterThanOrEqual(1);
    }

    const fresh = await samples.body(e);
    const [field, def] = writable(e).find(([f, def]) => def.kind !== 'ref' && fresh[f] !== body[f])!;
    const changed = fresh[field];
    const patched = await server.call('PATCH', `/api/v2/${name}`, { _id: id, [field]: changed });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(written(def, patched.body.result[field])).toEqual(stored(def, changed));

    const deleted = await server.call('DELETE', `/api/v1/${name}/${id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await server.call('GET', `/api/v1/${name}/${id}`)).body.code).toBe('IsDeletedError');
  });

  it('refuses a body missing its required fields, naming them', async () => {
    if (readOnly) return refusesWrites();
    const required = Object.entries(e.fields)
      .filter(([, f]) => f.required)
      .map(([n]) => n);
    const res = await server.call('POST', `/api/v1/${name}`, {});
    if (!required.length) return expect([201, 400]).toContain(res.status);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IsInvalidError');
    expect(res.body.fields.sort()).toEqual(required.sort());
  });

  it('refuses unknown fields and wrongly typed ones', async () => {
    if (readOnly) return refusesWrites();
    const res = await server.call('POST', `/api/v1/${name}`, { ...(await samples.body(e)), notAField: 1 });
    expect(res.body).toMatchObject({ error: true, code: 'IsInvalidError', fields: ['notAField'] });
    const [field] = writable(e)[0]!;
    const wrong = await server.call('POST', `/api/v1/${name}`, { [field]: { nested: [] } });
    expect(wrong.body.code).toBe('IsInvalidError');
    expect(wrong.body.fields.some((f: string) => f === field || f.startsWith(`${field}.`))).toBe(true);
  });

  it('is in the OpenAPI document', () => {
    expect(Object.keys(openapi.paths[`/api/v1/${name}/{id}`] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ]);
    expect(Object.keys(openapi.paths[`/api/v2/${name}`] ?? {}).sort()).toEqual(['get', 'patch', 'post']);
  });
});

/** What a client wrote of a value read back: without what the server adds inside it (a socket's module mirror). */
function written(def: Field, value: unknown): unknown {
  if (def.kind === 'list' && Array.isArray(value)) return value.map((v) => written(def.of, v));
  if (def.kind !== 'object' || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !def.fields[k]?.readOnly)
      .map(([k, v]) => [k, def.fields[k] ? written(def.fields[k], v) : v]),
  );
}

/** A value as the server keeps it: in the stored form its field declares (MACs, for one). */
const stored = (def: Field, value: unknown) =>
  def.kind === 'text' && def.canonical && typeof value === 'string' ? def.canonical(value) : value;
