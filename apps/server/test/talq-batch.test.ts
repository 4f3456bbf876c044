import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';
import { bootstrap, commission, lampDevice, talq } from './talq-client.ts';

// Issue 31's "1,000 devices announced in batches appear in the lists and on the map": a gateway announces 1,000
// lamps in four requests of 250, each written as one batch (TalqDevices.addMany), as one by one they are.

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const BATCHES = 4;
const PER_BATCH = 250;

describe(`TALQ announcements in batches on ${backend}`, () => {
  it('makes 1,000 announced lamps modules in their mountings, lamps in their sockets, listed and on the map', async () => {
    const admin = await s.adminOfNewGroup('talq-batch');
    const c = await commission(admin, 'gw-batch');
    const as = { clientAddress: await bootstrap(c) };
    const announced: string[] = [];
    const started = Date.now();
    for (let b = 0; b < BATCHES; b++) {
      const body = Array.from({ length: PER_BATCH }, (_, i) => {
        const n = b * PER_BATCH + i;
        // the last of each batch has no position: a module and a lamp without a mounting
        if (i === PER_BATCH - 1)
          return {
            ...lampDevice(randomUUID(), 0, 0),
            functions: [{ id: 'lamp', type: 'LampActuatorFunction' }],
          };
        return lampDevice(randomUUID(), 0.1 + (n % 40) * 0.001, 52.2 + Math.floor(n / 40) * 0.001);
      });
      const res = await talq(c, 'POST', '/devices', { ...as, body });
      expect(res.status).toBe(201);
      announced.push(...body.map((d) => d.address));
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`${BATCHES * PER_BATCH} TALQ devices announced in ${seconds.toFixed(1)} s on ${backend}`);

    // in the group's lists
    for (const list of ['LuminaryModules', 'Luminaries']) {
      const res = await admin.call('GET', `/api/v1/${list}?uid=${announced[0]}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
    }
    const modules = await admin.call('GET', `/api/v1/LuminaryModules?controller=${c.id}&limit=1000`);
    expect(modules.body.data).toHaveLength(1000);

    // every module in the first socket of its own mounting, its lamp in the same socket; the unplaced four without
    const placed = await s.sql<{
      uid: string;
      support: number | null;
      socket: unknown;
      lamp_support: number | null;
    }>(
      `select m.uid, m.luminary_support as support, l.support as lamp_support,
              (select s from luminary_supports p, jsonb_array_elements(p.sockets) s
                where p._id = m.luminary_support and (s->>'luminaryModule')::int = m._id) as socket
         from luminary_modules m join luminaries l on l.control_module = m._id and l.deleted_at is null
        where m.controller = $1 and m.deleted_at is null`,
      [c.id],
    );
    expect(placed).toHaveLength(1000);
    const unplaced = placed.filter((p) => p.support === null);
    expect(unplaced).toHaveLength(BATCHES);
    for (const p of placed.filter((x) => x.support !== null)) {
      expect(p.lamp_support).toBe(p.support);
      expect(p.socket).toMatchObject({ luminaryModule: expect.any(Number), luminary: expect.any(Number) });
    }
    // as the one-by-one path: each record has its entry in the change log
    const logged = await s.sql<{ n: number }>(
      `select count(*)::int as n from change_log where entity = 'LuminaryModules' and action = 'create'
         and record_id in (select _id from luminary_modules where controller = $1)`,
      [c.id],
    );
    expect(logged[0]!.n).toBe(1000);

    // on the map of the group: the 996 with a position, each a mounting and a module
    await until(async () => {
      const summary = (await admin.call('GET', '/api/v2/map/summary')).body.result;
      return summary.counts.LuminaryModules === 996 && summary.counts.LuminarySupports === 996
        ? true
        : undefined;
    }, 20_000);

    // announced again (PUT): matched by address, nothing made twice
    const again = announced.slice(0, 3).map((address) => lampDevice(address, 0.3, 52.3));
    expect((await talq(c, 'PUT', '/devices', { ...as, body: again })).status).toBe(200);
    const count = await s.sql<{ n: number }>(
      'select count(*)::int as n from luminary_modules where controller = $1 and deleted_at is null',
      [c.id],
    );
    expect(count[0]!.n).toBe(1000);
  }, 180_000);
});
