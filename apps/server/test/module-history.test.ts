import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// Issue 15: a module's screen charts its readings over a chosen range from the reading history.

let s: TestServer;
let id: number;
const MAC = '0B0000000001';
beforeAll(async () => {
  s = await startServer();
  id = (await s.call('POST', '/api/v1/LuminaryModules', { mac: MAC })).body._id;
  // two readings in the first minute, one an hour later, one outside the range
  const rows: [string, number, number][] = [
    ['2026-01-10T20:00:10Z', 40, 1000],
    ['2026-01-10T20:00:40Z', 60, 1010],
    ['2026-01-10T21:00:00Z', 100, 1100],
    ['2026-01-11T20:00:00Z', 0, 2000],
  ];
  for (const [at, pwm, energy] of rows)
    await s.sql(
      `insert into module_readings (at, mac, pwm, pow, energy, temp, rssi) values ($1, $2, $3, $4, $5, 20, -70)`,
      [at, MAC, pwm, pwm / 2, energy],
    );
});
afterAll(() => s?.close());

const history = (q: string, c: Client = s) => c.call('GET', `/api/v2/lamp-modules/${id}/history?${q}`);

describe(`module history on ${backend}`, () => {
  it('averages the readings of each bucket within the range, the energy counter at its highest', async () => {
    const res = await history('from=2026-01-10T20:00:00Z&to=2026-01-10T22:00:00Z');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      bucketSeconds: 60,
      at: ['2026-01-10T20:00:00.000Z', '2026-01-10T21:00:00.000Z'],
      pwm: [50, 100],
      pow: [25, 50],
      energy: [1010, 1100],
      temp: [20, 20],
      rssi: [-70, -70],
    });
  });

  it('refuses a range that ends before it starts or spans more than the history keeps', async () => {
    expect((await history('from=2026-01-10T22:00:00Z&to=2026-01-10T20:00:00Z')).status).toBe(400);
    expect((await history('from=2025-01-01T00:00:00Z&to=2026-01-10T20:00:00Z')).status).toBe(400);
  });

  it('shows a module only to who may see it', async () => {
    const other = await s.adminOfNewGroup('History other');
    expect((await history('from=2026-01-10T20:00:00Z&to=2026-01-10T22:00:00Z', other)).status).toBe(404);
  });
});
