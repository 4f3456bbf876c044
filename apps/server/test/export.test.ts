import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entity } from '@sl/domain';
import { tableOf } from '../src/db/tables.ts';
import { toColumns } from '../src/entities/row-mapper.ts';
import { startServer, type Client, type TestServer } from './harness.ts';

// The export of a list through the running server: every matching row (more than the 1,000 a page may hold),
// labels in the caller's language, references by name, points as latitude and longitude, and only the caller's
// group's rows.

const MODULES = 2_500;
let s: TestServer;
let groupA: number;
let adminA: Client;
let adminB: Client;
let controllers: number[];

const mac = (i: number) => `AA${i.toString(16).toUpperCase().padStart(10, '0')}`;

async function insert(name: string, rows: Record<string, unknown>[]) {
  const e = entity(name);
  const t = tableOf(e);
  for (let i = 0; i < rows.length; i += 1000)
    await s.db.insert(t).values(rows.slice(i, i + 1000).map((r) => toColumns(e, r)));
}

async function csv(c: Client, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(s.url + path, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  // fetch's text() drops a byte order mark: it is looked for in the bytes
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = new TextDecoder().decode(bytes);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  return {
    res,
    bom,
    text,
    header: parsed.data[0]!,
    rows: parsed.data.slice(1),
    delimiter: parsed.meta.delimiter,
  };
}

beforeAll(async () => {
  s = await startServer();
  adminA = await s.adminOfNewGroup('Export A');
  adminB = await s.adminOfNewGroup('Export B');
  groupA = (await adminA.call('GET', '/api/v1/Groups')).body.data[0]._id;
  controllers = [];
  for (const uid of ['CAB-NORTH', 'CAB-SOUTH'])
    controllers.push(
      (await adminA.call('POST', '/api/v1/Controllers', { uid, mac: mac(900_000 + controllers.length) })).body
        ._id,
    );
  await insert(
    'LuminaryModules',
    Array.from({ length: MODULES }, (_, i) => ({
      mac: mac(i),
      uid: `M-${i}`,
      group: groupA,
      controller: controllers[i % 2],
      phase: (i % 3) + 1,
      height: 7.5,
      location: { type: 'Point', coordinates: [-71.1, 42.37] },
    })),
  );
  await adminB.call('POST', '/api/v1/LuminaryModules', { mac: 'BBBBBBBBBBBB', uid: 'OTHER-GROUP' });
}, 120_000);
afterAll(() => s?.close());

describe('GET /api/v2/{E}/export', () => {
  it('streams every matching row as CSV, with labels, names and points in English', async () => {
    const { res, bom, text, header, rows, delimiter } = await csv(adminA, '/api/v2/LuminaryModules/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(bom).toBe(true);
    expect(delimiter).toBe(',');
    expect(rows).toHaveLength(MODULES);
    expect(header).toEqual(
      expect.arrayContaining(['MAC', 'Controller', 'Phase', 'Height, m', 'Latitude', 'Longitude']),
    );
    const at = (name: string) => header.indexOf(name);
    const [lat, lon] = [at('Latitude'), at('Longitude')];
    expect(rows[0]![at('MAC')]).toBe(mac(0));
    expect(rows[0]![at('Controller')]).toBe('CAB-NORTH');
    expect(rows[1]![at('Controller')]).toBe('CAB-SOUTH');
    expect(rows[0]![at('Phase')]).toBe('A');
    expect([rows[0]![lat], rows[0]![lon]]).toEqual(['42.37', '-71.1']);
    expect(text).not.toContain('OTHER-GROUP');
  });

  it('writes Russian labels, a semicolon and the decimal comma for a Russian caller', async () => {
    for (const by of ['cookie', 'accept-language']) {
      const c = { cookies: new Map(adminA.cookies) } as Client;
      if (by === 'cookie') c.cookies.set('lang', 'ru');
      const headers: Record<string, string> = by === 'cookie' ? {} : { 'accept-language': 'ru-RU,ru;q=0.9' };
      const { header, rows, delimiter } = await csv(c, '/api/v2/LuminaryModules/export', headers);
      expect(delimiter).toBe(';');
      expect(header).toEqual(expect.arrayContaining(['Контроллер', 'Широта', 'Долгота', 'Высота, м']));
      expect(rows).toHaveLength(MODULES);
      expect(rows[0]![header.indexOf('Высота, м')]).toBe('7,5');
      expect(rows[0]![header.indexOf('Контроллер')]).toBe('CAB-NORTH');
    }
  });

  it('names enum values and twilight codes in the caller’s language', async () => {
    const made = await adminA.call('POST', '/api/v2/Profiles', {
      name: 'Export words',
      kind: 'linear',
      twilightMethod: 'CIVIL',
      settings: { twil: 131 },
    });
    expect(made.status).toBe(201);
    const c = { cookies: new Map(adminA.cookies) } as Client;
    c.cookies.set('lang', 'ru');
    const { header, rows } = await csv(c, '/api/v2/Profiles/export?name=Export%20words');
    const row = rows[0]!;
    expect(row[header.indexOf('Вид')]).toBe('Линейный (восемь точек)');
    expect(row).toContain('Гражданские сумерки (6° ниже)');
    expect(row.join(';')).toContain('Гражданские сумерки (6° ниже) (ускоренный вариант)');
  });

  it('takes the list call’s filters, search and sort', async () => {
    const query = `controller=${controllers[1]}&sort=-mac&q=M-1`;
    const list = await adminA.call('GET', `/api/v1/LuminaryModules?${query}&limit=100000`);
    const { header, rows } = await csv(adminA, `/api/v2/LuminaryModules/export?${query}`);
    expect(list.body.data.length).toBeGreaterThan(100);
    expect(rows.map((r) => r[header.indexOf('MAC')])).toEqual(
      list.body.data.map((r: { mac: string }) => r.mac),
    );
  });

  it('shows a group only its own rows, and the administrator every group’s', async () => {
    const b = await csv(adminB, '/api/v2/LuminaryModules/export');
    expect(b.rows).toHaveLength(1);
    expect(b.rows[0]![b.header.indexOf('UID')]).toBe('OTHER-GROUP');
    const all = await csv(s, '/api/v2/LuminaryModules/export');
    expect(all.rows).toHaveLength(MODULES + 1);
    // a controller of group A named in group B's export would leak it: B's module has none
    const mine = await csv(adminB, '/api/v2/Controllers/export');
    expect(mine.rows).toHaveLength(0);
  });

  it('asks the rights the list asks', async () => {
    expect((await s.anonymous().call('GET', '/api/v2/LuminaryModules/export')).status).toBe(401);
    const none = (await s.call('POST', '/api/v1/Roles', { name: 'No modules', accessRights: {} })).body._id;
    await s.call('POST', '/api/v1/Users', {
      login: 'export-none',
      password: 'Lamps-2026',
      type: 'NORMAL',
      group: groupA,
      role: none,
      email: 'export-none@example.org',
    });
    const noRights = await s.signIn('export-none', 'Lamps-2026');
    const refused = await noRights.call('GET', '/api/v2/LuminaryModules/export');
    expect([refused.status, refused.body.code]).toEqual([403, 'PermissionDeniedError']);
    const demo = await s.demo();
    expect((await csv(demo, '/api/v2/LuminaryModules/export')).res.status).toBe(200);
    const deleted = await demo.call('GET', '/api/v2/LuminaryModules/export?deleted=true');
    expect(deleted.status).toBe(403);
  });

  it('refuses bad input with a catalogue error', async () => {
    for (const query of ['tz=Mars%2FBase', 'sort=nope', 'phase=9', 'aggregate=x', 'tz=a&tz=b']) {
      const res = await adminA.call('GET', `/api/v2/LuminaryModules/export?${query}`);
      expect([res.status, res.body.code], query).toEqual([400, 'IsInvalidError']);
    }
  });

  it('writes times in the time zone asked for', async () => {
    const id = (await adminA.call('GET', '/api/v1/LuminaryModules?limit=1')).body.data[0]._id;
    await s.sql(`update luminary_modules set last_received_at = '2026-01-15T03:04:05Z' where _id = $1`, [id]);
    const { header, rows } = await csv(adminA, `/api/v2/LuminaryModules/export?_id=${id}&tz=Europe%2FMoscow`);
    expect(rows[0]![header.indexOf('Last received at')]).toBe('2026-01-15 06:04:05');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await s.call('GET', '/api/docs/json')).body;
    expect(doc.paths['/api/v2/LuminaryModules/export']?.get).toBeDefined();
  });
});

describe('search order', () => {
  it('puts an exact match of a search field first, then prefixes, then the rest', async () => {
    for (const uid of ['XX-LAMP-7', 'LAMP-7-B', 'LAMP-7'])
      await adminA.call('POST', '/api/v1/LuminaryModules', { mac: mac(800_000 - uid.length), uid });
    const found = await adminA.call('GET', '/api/v1/LuminaryModules?q=lamp-7&sort=mac');
    expect(found.body.data.map((r: { uid: string }) => r.uid)).toEqual(['LAMP-7', 'LAMP-7-B', 'XX-LAMP-7']);
    const exported = await csv(adminA, '/api/v2/LuminaryModules/export?q=lamp-7&sort=mac');
    expect(exported.rows.map((r) => r[exported.header.indexOf('UID')])).toEqual([
      'LAMP-7',
      'LAMP-7-B',
      'XX-LAMP-7',
    ]);
  });
});
