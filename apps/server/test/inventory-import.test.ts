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

  it('imports nothing when one row is broken, and everything once it is fixed', async () => {
    const lines = [
      'P-10,Elm St,CAB-1,-71.1,42.37',
      'P-11,Elm St,CAB-1,-71.1,42.37',
      'P-12,Elm St,CAB-9,-71.1,42.37',
    ];
    const broken = await post({ format: 'csv', content: csv(lines), columns }, 'ru');
    expect(broken.body.result).toMatchObject({ rows: 3, imported: 0 });
    expect(broken.body.result.problems).toMatchObject([{ row: 3, field: 'cabinet', message: 'Не найдено' }]);
    expect(await supports()).toBe(1);

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
