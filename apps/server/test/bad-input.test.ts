import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, ERRORS } from '@sl/domain';
import { ADMIN_PASSWORD, backend, startServer, type Answer, type TestServer } from './harness.ts';

// Bad input of every kind gets a catalogue error and a 4xx, never a 500.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const names = ENTITIES.map((e) => e.name);
const codes = Object.keys(ERRORS);

function expectCatalogueError(res: Answer, status?: number) {
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  if (status) expect(res.status).toBe(status);
  expect(res.body.error).toBe(true);
  expect(codes).toContain(res.body.code);
  expect(typeof res.body.message).toBe('string');
}

describe(`bad input on ${backend}`, () => {
  it('never fails with 5xx on random bodies sent to any entity', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.constantFrom('POST', 'PATCH'),
        fc.dictionary(
          fc.oneof(
            fc.constantFrom(
              'name',
              'uid',
              'mac',
              'location',
              'sockets',
              'group',
              'vendor',
              'socketCount',
              'settings',
              '_id',
            ),
            fc.string(),
          ),
          fc.jsonValue({ maxDepth: 3 }),
          { maxKeys: 6 },
        ),
        async (name, method, body) => {
          const res =
            method === 'POST'
              ? await s.call('POST', `/api/v1/${name}`, body)
              : await s.call('PATCH', `/api/v2/${name}`, body);
          if (res.status < 300) return;
          expectCatalogueError(res);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never fails with 5xx on random query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.dictionary(
          fc.oneof(
            fc.constantFrom(
              'skip',
              'limit',
              'sort',
              'inc',
              'q',
              'deleted',
              'type',
              'bbox',
              'id',
              'group',
              'uid',
              'createdAt_gte',
              'location',
            ),
            fc.string(),
          ),
          fc.string(),
          { maxKeys: 4 },
        ),
        async (name, query) => {
          const res = await s.call('GET', `/api/v2/${name}?${new URLSearchParams(query)}`);
          if (res.status < 300) return;
          expectCatalogueError(res);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses wrong types', async () => {
    const res = await s.call('POST', '/api/v1/LuminarySupports', {
      uid: 7,
      socketCount: '2',
      location: 'here',
      sockets: {},
    });
    expectCatalogueError(res, 400);
    expect(res.body.fields.sort()).toEqual(['location', 'socketCount', 'sockets', 'uid']);
  });

  it('refuses huge limits, negative skip and unknown parameters', async () => {
    for (const q of [
      'limit=1000001',
      'limit=0',
      'limit=1e9',
      'skip=-1',
      'skip=abc',
      'color=red',
      'sort=password',
      'inc=password',
      'deleted=maybe',
      // names every object answers to, which no entity declares (found by the fuzzer: sort=__proto__ gave 500)
      'sort=__proto__',
      'sort=constructor',
      'inc=__proto__',
      'inc=toString',
      'constructor=1',
      'hasOwnProperty_gte=1',
    ]) {
      expectCatalogueError(await s.call('GET', `/api/v1/Users?${q}`), 400);
      expectCatalogueError(await s.call('GET', `/api/v1/Groups?${q}`), 400);
    }
    // the query parser drops a `__proto__` key before the route sees it: nothing to refuse, and nothing breaks
    expect((await s.call('GET', '/api/v1/Groups?__proto__=1')).status).toBe(200);
  });

  it('refuses malformed ids', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', "1'or'1"]) {
      expectCatalogueError(await s.call('GET', `/api/v1/Cabinets/${encodeURIComponent(id)}`), 400);
      expectCatalogueError(await s.call('DELETE', `/api/v2/Cabinets/${encodeURIComponent(id)}`), 400);
    }
    expectCatalogueError(await s.call('GET', '/api/v2/Cabinets?id=x'), 400);
    expectCatalogueError(await s.call('PATCH', '/api/v2/Cabinets', { address: 'no id' }), 400);
  });

  it('refuses invalid JSON, a non-object body, and other content types', async () => {
    expectCatalogueError(await s.raw('POST', '/api/v1/Vendors', '{"name":'), 400);
    expectCatalogueError(await s.raw('POST', '/api/v1/Vendors', '[1,2]'), 400);
    expectCatalogueError(await s.raw('POST', '/api/v1/Vendors', '"text"'), 400);
    expectCatalogueError(
      await s.raw('POST', '/api/v1/Vendors', 'name=x', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      415,
    );
  });

  it('refuses values the database cannot hold', async () => {
    expectCatalogueError(await s.call('POST', '/api/v1/Vendors', { name: 'nul\u0000byte' }), 400);
    expectCatalogueError(await s.call('POST', '/api/v1/Luminaries', { uid: 'L', maxLumen: 2 ** 40 }), 400);
    expectCatalogueError(await s.call('POST', '/api/v1/Vendors', { name: 'x'.repeat(501) }), 400);
    expectCatalogueError(
      await s.call('POST', '/api/v1/LuminarySupports', { uid: 'P', sockets: Array(17).fill({}) }),
      400,
    );
  });

  it('refuses an oversized body', async () => {
    expectCatalogueError(
      await s.call('POST', '/api/v1/Vendors', { name: 'x', pad: 'y'.repeat(6 * 1024 * 1024) }),
      413,
    );
  });

  it('refuses a NUL in a search, a filter or an export query, naming the parameter', async () => {
    for (const path of [
      '/api/v1/LuminaryModules?q=%00',
      '/api/v1/LuminaryModules?mac=AB%00CD',
      '/api/v2/lamp-modules/search?q=x%00',
      '/api/v2/LuminaryModules/export?q=%00',
      '/api/v2/map/search?q=%00',
      '/api/v2/date-types?x=%00',
    ]) {
      const r = await s.call('GET', path);
      expect([r.status, r.body.code], path).toEqual([400, 'IsInvalidError']);
      expect(r.body.fields.length, path).toBe(1);
    }
  });

  it('refuses integers beyond an int column and impossible dates in filters, naming the parameter', async () => {
    for (const [path, field] of [
      ['/api/v1/LuminarySupports?socketCount=2147483648', 'socketCount'],
      ['/api/v1/LuminarySupports?socketCount_gte=9999999999', 'socketCount_gte'],
      ['/api/v1/LuminarySupports?socketCount_lte=-2147483649', 'socketCount_lte'],
      ['/api/v2/lamp-modules/search?pwm_gte=4294967296', 'pwm_gte'],
      ['/api/v1/Luminaries?installationDate=2026-02-30', 'installationDate'],
      ['/api/v1/CalendarProfiles?date_gte=2026-02-30', 'date_gte'],
      ['/api/v1/CalendarProfiles?date_lte=2023-02-29', 'date_lte'],
      ['/api/v1/LuminaryModules?lastReceivedAt_gte=2026-02-30', 'lastReceivedAt_gte'],
      ['/api/v1/LuminaryModules?lastReceivedAt_lte=2026-02-30T10:00:00Z', 'lastReceivedAt_lte'],
      ['/api/v1/ImportantEvents?openDate_gte=-271821-04-20T00:00:00Z', 'openDate_gte'],
      ['/api/v1/ImportantEvents?openDate_gte=0000-01-01', 'openDate_gte'],
    ] as const) {
      const r = await s.call('GET', path, undefined, { 'accept-language': 'ru' });
      expect([r.status, r.body], path).toEqual([
        400,
        { error: true, code: 'IsInvalidError', message: 'Неверные данные', fields: [field] },
      ]);
    }
    for (const path of [
      '/api/v1/LuminarySupports?socketCount=2147483647&socketCount_gte=-2147483648',
      '/api/v1/Luminaries?installationDate=2024-02-29',
      '/api/v1/LuminaryModules?lastReceivedAt_gte=2024-02-29T23:59&lastReceivedAt_lte=2026-12-31T00:00:00%2B02:00',
    ])
      expect((await s.call('GET', path)).status, path).toBe(200);
  });

  it('refuses a NUL or a lone surrogate in any body or query value, signed in or not, naming it', async () => {
    const signIn = await s
      .anonymous()
      .call('POST', '/auth/sign-in', { login: 'admin\u0000', password: 'x' }, { 'accept-language': 'ru' });
    expect([signIn.status, signIn.body]).toEqual([
      400,
      { error: true, code: 'IsInvalidError', message: 'Неверные данные', fields: ['login'] },
    ]);
    for (const [method, path, body, field] of [
      ['PUT', '/api/v2/preferences/list.columns', { value: '\ud800' }, 'value'],
      ['PUT', '/api/v2/preferences/list.columns', { value: ['a', 'b\udfff'] }, 'value.1'],
      ['PUT', '/api/v2/preferences/list.columns', { value: { 'k\ud800': 1 } }, 'value'],
      ['PUT', '/api/v2/preferences/list.columns', { value: 'nul\u0000' }, 'value'],
      ['POST', '/api/v2/users/update', { _id: 1, name: 'x\u0000' }, 'name'],
      ['POST', '/api/v1/Vendors', { name: 'lone \udc00' }, 'name'],
    ] as const) {
      const r = await s.call(method, path, body);
      expect([r.status, r.body], JSON.stringify(body)).toEqual([
        400,
        { error: true, code: 'IsInvalidError', message: 'Is invalid', fields: [field] },
      ]);
    }
    for (const path of [
      '/api/v2/lighting/sun?lat=42&lon=-71&date=2026-03-01&tz=Europe%00',
      '/api/v2/reports/consumption?start=2026-01-01%00',
    ]) {
      const r = await s.call('GET', path);
      expect([r.status, r.body.code], path).toEqual([400, 'IsInvalidError']);
    }
    // a well-formed pair is a character like any other
    const emoji = await s.call('PUT', '/api/v2/preferences/list.columns', { value: ['\u{1F4A1}'] });
    expect(emoji.status).toBe(200);
  });

  it('answers a query string over the header limit with 431 in the error form', async () => {
    const path = `/api/v1/Vendors?q=${'x'.repeat(60 * 1024)}`;
    expect(await rawHttp(s.url, 'GET', path, {}, '')).toEqual({
      status: 431,
      body: { error: true, code: 'IsInvalidError', message: 'Is invalid', reason: 'headersTooLarge' },
    });
    const ru = await rawHttp(
      s.url,
      'GET',
      '/api/v1/Vendors',
      { 'accept-language': 'ru', pad: 'x'.repeat(60 * 1024) },
      '',
    );
    expect(ru).toEqual({
      status: 431,
      body: { error: true, code: 'IsInvalidError', message: 'Неверные данные', reason: 'headersTooLarge' },
    });
  });

  it('answers unknown API paths with NotFoundError', async () => {
    expectCatalogueError(await s.call('GET', '/api/v1/Nothing'), 404);
    expectCatalogueError(await s.call('PUT', '/api/v1/Vendors/1', {}), 404);
  });

  it('answers a URL that is not valid percent-encoding, and an over-long id, in the error form', async () => {
    for (const path of ['/api/v2/%E0%A4%A', '/api/v1/Cabinets/%', '/auth/%zz', '/api/v1/Vendors/%C0%AF'])
      expectCatalogueError(await s.call('GET', path));
    const long = await s.call('GET', `/api/v1/Cabinets/${'1'.repeat(300)}`);
    expectCatalogueError(long);
    expect(long.body.code).toBe('IsInvalidError');
    expectCatalogueError(await s.call('DELETE', `/api/v2/Cabinets/${'9'.repeat(5000)}`));
    // in the language of the caller
    const ru = await s.call('GET', '/api/v2/%E0%A4%A', undefined, { 'accept-language': 'ru' });
    expect(ru.body).toMatchObject({ code: 'IsInvalidError', message: 'Неверные данные' });
  });

  it('refuses malformed JSON of every kind, wrong content types and oversized bodies on a route of its own', async () => {
    for (const body of [
      '{',
      '{"login":"a",}',
      '{"login":"a"}}',
      '\u0000',
      'nul',
      '{"a":1e999999}',
      '['.repeat(100_000),
    ])
      expectCatalogueError(await s.raw('POST', '/auth/sign-in', body));
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x'])
      expectCatalogueError(await s.raw('POST', '/api/v1/Vendors', '{"name":"x"}', { 'content-type': type }));
    expectCatalogueError(
      await s.raw('PATCH', '/api/v2/Vendors', JSON.stringify({ _id: 1, name: 'y'.repeat(6 * 1024 * 1024) })),
      413,
    );
  });

  it('refuses a CSRF header in other characters than ASCII, sent as raw UTF-8 bytes', async () => {
    const token = s.cookies.get('csrf')!;
    const cookie = [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const bad of ['ж'.repeat(token.length), '\u{1F4A1}'.repeat(4), token.slice(0, -1) + 'é'])
      expectCatalogueError(
        await rawHttp(s.url, 'POST', '/api/v1/Types', { cookie, 'x-csrf-token': bad }, '{"name":"T"}'),
        403,
      );
  });

  it('never fails with 5xx on random bodies and headers sent to every route of the OpenAPI document', async () => {
    const doc = (await s.anonymous().call('GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path })))
      // an event stream never ends (live.test.ts); signing out would end the fuzzer's own session
      .filter((op) => !op.path.endsWith('/live') && op.path !== '/auth/sign-out');
    expect(operations.length).toBeGreaterThan(100);
    const fuzzer = await s.signIn('admin', ADMIN_PASSWORD);
    // what fetch can send: Latin-1 without control characters (DEL included); UTF-8 bytes go by rawHttp
    const latin1 = fc.string({
      unit: fc
        .integer({ min: 0x20, max: 0xff })
        .filter((c) => c !== 0x7f)
        .map((c) => String.fromCharCode(c)),
    });
    const param = fc.constantFrom(
      '0',
      '-1',
      'abc',
      '99999999',
      '1.5',
      '%00',
      '%E0%A4',
      '__proto__',
      'x'.repeat(250),
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc
        .dictionary(
          fc.constantFrom('name', 'login', 'password', '_id', 'id', 'mac', 'uid', 'group', 'command'),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map((v) => JSON.stringify(v)),
      fc.string(),
      fc.constantFrom(
        '{',
        '{"a":',
        '[',
        'null',
        '\u0000',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":1}}',
      ),
    );
    const headers = fc.record(
      {
        'content-type': fc.oneof(
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'application/json; charset=latin1',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=--x',
            'application/octet-stream',
            '*/*',
          ),
          latin1,
        ),
        'x-csrf-token': latin1,
        'accept-language': latin1,
        origin: fc.oneof(latin1, fc.constant('null'), fc.constant(s.url)),
        cookie: fc.oneof(
          latin1,
          latin1.map((v) => `sid=${v}`),
        ),
        'if-none-match': latin1,
        range: latin1,
      },
      { requiredKeys: [] },
    );
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(param, body, headers, async (id, text, extra) => {
          const path = op.path.replace(/\{[^}]+\}/g, id);
          const sent = op.method === 'GET' ? undefined : text;
          const res = await fuzzer.raw(op.method, path, sent, extra);
          if (res.status < 400) return;
          // the TALQ API answers in the standard's own error form (a list of { key }), not the console's catalogue
          if (path.startsWith('/talq/')) {
            expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
            // a path the router cannot decode never reaches the TALQ routes: the console's catalogue answers it
            if (!Array.isArray(res.body)) return expectCatalogueError(res);
            expect(typeof res.body[0]?.key, JSON.stringify(res.body)).toBe('string');
            return;
          }
          // so does Open311 (a list of { code, description })
          if (path.startsWith('/open311/')) {
            expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
            // in XML where the resource was asked as .xml
            if (typeof res.body === 'string' && res.body.startsWith('<?xml')) {
              expect(res.body).toContain(`<errors>`);
              expect(res.body).toContain(`<code>${res.status}</code>`);
              return;
            }
            if (!Array.isArray(res.body)) return expectCatalogueError(res);
            expect(res.body[0]?.code, JSON.stringify(res.body)).toBe(res.status);
            expect(typeof res.body[0]?.description, JSON.stringify(res.body)).toBe('string');
            return;
          }
          expectCatalogueError(res);
        }),
        { numRuns: 4 },
      );
    }
  }, 600_000);
});

/** A request written byte by byte on the socket: headers that fetch would refuse to send (UTF-8 values). */
async function rawHttp(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<Answer> {
  const url = new URL(base);
  const socket = net.connect(Number(url.port), url.hostname);
  const payload = Buffer.from(body);
  const head = [
    `${method} ${path} HTTP/1.1`,
    `host: ${url.host}`,
    'content-type: application/json',
    `content-length: ${payload.length}`,
    'connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'utf8'), payload]));
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const rest = text.slice(text.indexOf('\r\n\r\n') + 4);
  const json = rest.slice(rest.indexOf('{'), rest.lastIndexOf('}') + 1);
  return { status, body: JSON.parse(json) };
}
