import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// Inventory import: a dry run reports every row's problems; an import with one broken row changes nothing.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  await s.call('POST', '/api/v1/Cabinets', { uid: 'CAB-1' });
  await s.call('POST', '/api/v1/LuminarySupports', { uid: 'P-OLD' });
});
afterAll(() => s?.close());

const columns = { uid: 'pole', street: 'street', cabinet: 'cab', 'location.lon': 'x', 'location.lat': 'y' };
const csv = (lines: string[]) => ['pole,street,cab,x,y', ...lines].join('\n');
const supports = async () => (await s.call('GET', '/api/v1/LuminarySupports?limit=100')).body.total as number;
/** An import answered as NDJSON: its lines, progress first and the answer last. */
async function streamed(content: string, lang = 'en-us') {
  const body = JSON.stringify({ format: 'csv', content, columns });
  const res = await s.raw('POST', '/api/v2/import/LuminarySupports', body, {
    accept: 'application/x-ndjson',
    'accept-language': lang,
  });
  expect(res.status).toBe(200);
  return (res.body as string)
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}
const post = (body: object, lang = 'en-us') =>
  s.call('POST', '/api/v2/import/LuminarySupports', body, { 'accept-language': lang });

describe(`inventory import on ${backend}`, () => {
  it('reports every broken row in a dry run and writes nothing', async () => {
    const content = csv([
      'P-1,Main St,CAB-1,-71.1,42.37',
      'P-2,Main St,CAB-404,-71.1,42.37',
      'P-3,Main St,CAB-1,-71.1,142',
      'P-1,Main St,,-71.1,42.37',
      'P-OLD,Main St,,-71.1,42.37',
      'P-6,Main St,,,',
    ]);
    const res = await post({ format: 'csv', content, columns, dryRun: true });
    expect(res.status).toBe(200);
    const { rows, imported, problems } = res.body.result;
    expect(rows).toBe(6);
    expect(imported).toBe(0);
    const by = (row: number) => problems.filter((p: { row: number }) => p.row === row);
    expect(by(1)).toEqual([]);
    expect(by(2)).toMatchObject([{ field: 'cabinet', code: 'NotFoundError', value: 'CAB-404' }]);
    expect(by(3)).toMatchObject([{ field: 'location', code: 'IsInvalidError' }]);
    expect(by(4)[0]).toMatchObject({ field: 'uid' });
    expect(by(5)[0]).toMatchObject({ field: 'uid' });
    expect(by(6)).toEqual([]);
    expect(await supports()).toBe(1);
  });

  it('names every problem of a row, not its first alone', async () => {
    const content = csv(['P-ALL,Main St,CAB-1,-71.1,42.37', 'P-ALL,Main St,CAB-405,-71.1,142']);
    const { problems } = (await post({ format: 'csv', content, columns, dryRun: true })).body.result;
    const second = problems
      .filter((p: { row: number }) => p.row === 2)
      .map((p: { field: string }) => p.field);
    // an unknown cabinet, a latitude past the pole and a uid the first row holds
    expect(second.sort()).toEqual(['cabinet', 'location', 'uid']);
  });

  it('gives the rows the group chosen by a caller of no group of their own', async () => {
    const group = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0]._id as number;
    const content = csv(['P-GROUP,Main St,,-71.1,42.37']);
    const res = await post({ format: 'csv', content, columns, group });
    expect(res.body.result).toMatchObject({ imported: 1, problems: [] });
    const row = (await s.call('GET', '/api/v1/LuminarySupports?uid=P-GROUP')).body.data[0];
    expect(row.group).toBe(group);
  });

  it('imports nothing when one row is broken, and everything once it is fixed', async () => {
    const lines = [
      'P-10,Elm St,CAB-1,-71.1,42.37',
      'P-11,Elm St,CAB-1,-71.1,42.37',
      'P-12,Elm St,CAB-9,-71.1,42.37',
    ];
    const before = await supports();
    const broken = await post({ format: 'csv', content: csv(lines), columns }, 'ru');
    expect(broken.body.result).toMatchObject({ rows: 3, imported: 0 });
    expect(broken.body.result.problems).toMatchObject([{ row: 3, field: 'cabinet', message: 'Не найдено' }]);
    expect(await supports()).toBe(before);

    lines[2] = 'P-12,Elm St,CAB-1,-71.1,42.37';
    const fixed = await post({ format: 'csv', content: csv(lines), columns });
    expect(fixed.body.result).toMatchObject({ rows: 3, imported: 3, problems: [] });
    const p12 = (await s.call('GET', '/api/v1/LuminarySupports?uid=P-12')).body.data[0];
    expect(p12).toMatchObject({ street: 'Elm St', location: { coordinates: [-71.1, 42.37] } });
    const cab = (await s.call('GET', '/api/v1/Cabinets?uid=CAB-1')).body.data[0];
    expect(p12.cabinet).toBe(cab._id);
  });

  it('reads GeoJSON points with their properties', async () => {
    const content = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { PoleID: 'G-1' },
          geometry: { type: 'Point', coordinates: [-71.11, 42.38] },
        },
        {
          type: 'Feature',
          properties: { PoleID: 'G-2' },
          geometry: { type: 'Point', coordinates: [-71.12, 42.39] },
        },
      ],
    });
    const res = await post({ format: 'geojson', content, columns: { uid: 'PoleID' } });
    expect(res.body.result).toMatchObject({ rows: 2, imported: 2, problems: [] });
    const g2 = (await s.call('GET', '/api/v1/LuminarySupports?uid=G-2')).body.data[0];
    expect(g2.location.coordinates).toEqual([-71.12, 42.39]);
  });

  it('streams the progress of a large file, then writes it whole, each record with its history', async () => {
    const before = await supports();
    const onMap = async () =>
      (await s.call('GET', '/api/v2/map/summary')).body.result.counts.LuminarySupports as number;
    const mapBefore = await onMap();
    const n = 5000;
    const lines = Array.from(
      { length: n },
      (_, i) => `BIG-${i},Oak St,CAB-1,-71.1,${(42 + i / 1e5).toFixed(5)}`,
    );
    const steps = await streamed(csv(lines));
    const last = steps.pop();
    expect(last).toMatchObject({ error: false, result: { rows: n, imported: n, problems: [] } });
    const progress = steps.map((l) => l.progress);
    const written = progress.filter((p) => p.stage === 'write').map((p) => p.done);
    expect(progress.filter((p) => p.stage === 'check').length).toBeGreaterThan(1);
    expect(written.length).toBeGreaterThan(1);
    expect(written).toEqual([...written].sort((a, b) => a - b));
    expect(written.at(-1)).toBe(n);
    expect(progress.every((p) => p.total === n)).toBe(true);
    expect(await supports()).toBe(before + n);
    // the map shows them at once: its index heard of the import once it was committed
    expect(await onMap()).toBe(mapBefore + n);

    const big = (await s.call('GET', '/api/v1/LuminarySupports?uid=BIG-4999')).body.data[0];
    const log = await s.call('GET', `/api/v2/LuminarySupports/history?id=${big._id}`);
    expect(log.body.result.data).toMatchObject([{ action: 'create', changes: { uid: { to: 'BIG-4999' } } }]);
  });

  it('streams a broken file as its problems, and writes none of it', async () => {
    const before = await supports();
    const lines = Array.from(
      { length: 3000 },
      (_, i) => `HALF-${i},Oak St,${i === 2500 ? 'CAB-X' : 'CAB-1'},-71.1,42.3`,
    );
    const last = (await streamed(csv(lines), 'ru')).at(-1);
    expect(last.result).toMatchObject({
      rows: 3000,
      imported: 0,
      problems: [{ row: 2501, field: 'cabinet', message: 'Не найдено', value: 'CAB-X' }],
    });
    expect(await supports()).toBe(before);
  });

  it('links a city file by file: cabinet, controller, post, module on its phase, and the lamp in a socket', async () => {
    const send = (name: string, header: string, lines: string[], cols: Record<string, string>) =>
      s.call('POST', `/api/v2/import/${name}`, {
        format: 'csv',
        content: [header, ...lines].join('\n'),
        columns: cols,
      });
    const ok = (res: { body: { result: unknown } }, n: number) =>
      expect(res.body.result ?? res.body).toMatchObject({ imported: n, problems: [] });
    ok(await send('Cabinets', 'uid', ['LNK-CAB'], { uid: 'uid' }), 1);
    ok(
      await send('Controllers', 'uid,mac,cab', ['LNK-C,02:00:00:00:0a:01,LNK-CAB'], {
        uid: 'uid',
        mac: 'mac',
        cabinet: 'cab',
      }),
      1,
    );
    ok(await send('LuminarySupports', 'pole,cab', ['LNK-P,LNK-CAB'], { uid: 'pole', cabinet: 'cab' }), 1);
    const modules = [
      '02:00:00:00:0b:01,LNK-C,2,LNK-P',
      '02:00:00:00:0b:02,LNK-C,3,LNK-P',
      '02:00:00:00:0b:03,LNK-C,1,LNK-P',
    ];
    const moduleCols = { mac: 'mac', controller: 'ctl', phase: 'phase', luminarySupport: 'pole' };
    ok(await send('LuminaryModules', 'mac,ctl,phase,pole', modules, moduleCols), 3);
    // a module naming a mounting takes a socket of it, on its phase (the socket is the one truth of its place)
    const placed = (await s.call('GET', '/api/v1/LuminarySupports?uid=LNK-P')).body.data[0];
    expect(placed.sockets.map((k: { phase: number }) => k.phase)).toEqual([2, 3, 1]);
    const lampCols = { uid: 'uid', support: 'pole', controlModule: 'module' };
    ok(
      await send(
        'Luminaries',
        'uid,pole,module',
        ['LNK-L1,LNK-P,02:00:00:00:0b:01', 'LNK-L2,LNK-P,02:00:00:00:0b:02'],
        lampCols,
      ),
      2,
    );

    const pole = (await s.call('GET', '/api/v1/LuminarySupports?uid=LNK-P')).body.data[0];
    const lamp = async (uid: string) => (await s.call('GET', `/api/v1/Luminaries?uid=${uid}`)).body.data[0];
    const mod = async (mac: string) =>
      (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0];
    const [l1, l2, m1, m2] = [
      await lamp('LNK-L1'),
      await lamp('LNK-L2'),
      await mod('02:00:00:00:0b:01'),
      await mod('02:00:00:00:0b:02'),
    ];
    // each lamp went into the socket holding its module
    expect(pole.socketCount).toBe(3);
    expect(pole.sockets).toMatchObject([
      { luminary: l1._id, luminaryModule: m1._id, phase: 2 },
      { luminary: l2._id, luminaryModule: m2._id, phase: 3 },
      { phase: 1 },
    ]);
    expect(pole.sockets[2].luminary).toBeUndefined();
    const controller = (await s.call('GET', '/api/v1/Controllers?uid=LNK-C')).body.data[0];
    const cabinet = (await s.call('GET', '/api/v1/Cabinets?uid=LNK-CAB')).body.data[0];
    expect(m1).toMatchObject({ controller: controller._id, phase: 2, luminarySupport: pole._id });
    expect(controller.cabinet).toBe(cabinet._id);
    // the cabinet names the controller and the meter that came with a file naming it
    ok(
      await send('Meters', 'serial,cab,ctl', ['LNK-M,LNK-CAB,LNK-C'], {
        serial: 'serial',
        cabinet: 'cab',
        controller: 'ctl',
      }),
      1,
    );
    const meter = (await s.call('GET', '/api/v1/Meters?serial=LNK-M')).body.data[0];
    const linked = (await s.call('GET', `/api/v1/Cabinets/${cabinet._id}`)).body;
    expect(linked).toMatchObject({ controller: controller._id, meter: meter._id });
    expect(meter).toMatchObject({ cabinet: cabinet._id, controller: controller._id });
    const log = await s.call('GET', `/api/v2/LuminarySupports/history?id=${pole._id}`);
    // the module file's sockets, then the lamp file's lamps in them, each in the mounting's history
    expect(log.body.result.data[0]).toMatchObject({
      action: 'update',
      changes: { sockets: { from: [{}, {}, {}] } },
    });
    expect(log.body.result.data[1]).toMatchObject({ action: 'update', changes: { sockets: { from: [] } } });

    // one module, one socket: a module a socket holds, or one the file names twice, refuses the file whole
    const taken = await send('Luminaries', 'uid,pole,module', ['LNK-L3,LNK-P,02:00:00:00:0b:01'], lampCols);
    expect(taken.body.result).toMatchObject({
      imported: 0,
      problems: [{ row: 1, field: 'controlModule', code: 'IsUsedError', value: 'LNK-P' }],
    });
    const twice = await send(
      'Luminaries',
      'uid,pole,module',
      ['LNK-L4,LNK-P,02:00:00:00:0b:03', 'LNK-L5,LNK-P,02:00:00:00:0b:03'],
      lampCols,
    );
    expect(twice.body.result).toMatchObject({
      imported: 0,
      problems: [{ row: 2, field: 'controlModule', code: 'IsUsedError' }],
    });
    expect((await s.call('GET', '/api/v1/LuminarySupports?uid=LNK-P')).body.data[0].sockets).toHaveLength(3);

    // a mounting that takes three sockets takes no fourth, from a lamp file or a module file either
    expect((await s.call('PATCH', `/api/v1/LuminarySupports/${pole._id}`, { maxSockets: 3 })).status).toBe(
      200,
    );
    const fourth = await send('Luminaries', 'uid,pole,module', ['LNK-L6,LNK-P,'], lampCols);
    expect(fourth.body.result).toMatchObject({
      imported: 0,
      problems: [{ row: 1, field: 'support', code: 'IsInvalidError' }],
    });
    const fourthModule = await send(
      'LuminaryModules',
      'mac,ctl,phase,pole',
      ['02:00:00:00:0b:04,LNK-C,1,LNK-P'],
      moduleCols,
    );
    expect(fourthModule.body.result).toMatchObject({
      imported: 0,
      problems: [{ row: 1, field: 'luminarySupport', code: 'IsInvalidError' }],
    });
  });

  it('names a row whose text holds a NUL, which the database cannot store, and writes nothing', async () => {
    const before = await supports();
    const res = await post({
      format: 'csv',
      content: csv(['NUL-1,Main St,,,', 'NUL\u00002,Main St,,,']),
      columns,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      imported: 0,
      problems: [{ row: 2, field: 'uid', code: 'IsInvalidError' }],
    });
    expect(await supports()).toBe(before);
  });

  it('refuses a file of more than 100,000 rows as it reads it', async () => {
    const lines = Array.from({ length: 100_001 }, (_, i) => `R-${i}`);
    const res = await post({ format: 'csv', content: csv(lines), columns: { uid: 'pole' }, dryRun: true });
    expect(res).toMatchObject({ status: 400, body: { code: 'IsInvalidError', reason: 'tooManyRows' } });
  });

  it('lists the first 1,000 problems and how many more, and gives all of them as CSV', async () => {
    const before = await supports();
    const lines = Array.from({ length: 1500 }, (_, i) => `MANY-${i},Main St,CAB-404,-71.1,999`);
    const body = { format: 'csv', content: csv(lines), columns };
    const res = await post(body);
    expect(res.body.result).toMatchObject({ rows: 1500, imported: 0, moreProblems: 2000 });
    expect(res.body.result.problems).toHaveLength(1000);
    expect(res.body.result.problems.at(-1)).toMatchObject({ row: 500, field: 'location' });
    const all = await s.raw('POST', '/api/v2/import/LuminarySupports', JSON.stringify(body), {
      accept: 'text/csv',
      'accept-language': 'ru',
    });
    expect(all.status).toBe(200);
    const rows = (all.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(3000);
    expect(rows.at(-1)).toBe('1500,location,IsInvalidError,Неверные данные,-71.1 999');
    expect(await supports()).toBe(before);
  });

  it('refuses a column that would fill the group, a read-only field or an unknown one, and writes nothing', async () => {
    const before = await supports();
    for (const field of ['group', 'createdAt', 'nonsense']) {
      const res = await post({
        format: 'csv',
        content: csv(['P-G,Main St,,-71.1,42.37']),
        columns: { ...columns, [field]: 'street' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'IsInvalidError', fields: [field] });
    }
    expect(await supports()).toBe(before);
  });
});
