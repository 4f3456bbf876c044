import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRows, workbook, zip } from './hostile-files.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// A schedule file is bounded before it is read whole: a workbook by what it expands to, then by its lines as
// they stream; a CSV by its lines (issue 30 item 5).

let s: TestServer;
let controller: number;
beforeAll(async () => {
  s = await startServer();
  controller = (await s.call('POST', '/api/v1/Controllers', { mac: '0243AA0000E1' })).body._id;
});
afterAll(() => s?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const upload = (body: string | Buffer, type: string) =>
  fetch(`${s.url}/api/v2/controller-schedule/${controller}/upload`, {
    method: 'POST',
    headers: {
      'content-type': type,
      cookie: [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': s.cookies.get('csrf') ?? '',
    },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
const refusal = (reason: string) => ({
  status: 400,
  body: { code: 'IsInvalidError', fields: ['file'], reason },
});

describe(`schedule file bounds on ${backend}`, () => {
  it('refuses a workbook that expands beyond 32 MB before reading it, whatever its entries declare', async () => {
    const data = Buffer.alloc(40 * 1024 * 1024, 0x20);
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', data, declared: 1000 }]);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await upload(bomb, XLSX)).toMatchObject(refusal('tooLarge'));
  });

  it('stops reading a workbook at its 100,001st line', async () => {
    const file = workbook(dayRows(100_001));
    expect(await upload(file, XLSX)).toMatchObject(refusal('tooManyLines'));
  }, 20_000);

  it('refuses a CSV of more than 100,000 lines, and reads one of 100,000', async () => {
    expect(await upload('\n'.repeat(100_000), 'text/csv')).toMatchObject(refusal('tooManyLines'));
    const read = await upload('\n'.repeat(99_999), 'text/csv');
    expect(read).toMatchObject(refusal('empty'));
  });
});
