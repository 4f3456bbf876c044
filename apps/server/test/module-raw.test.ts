import { describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { fieldForSuite, until } from './field-setup.ts';
import { backend, type TestServer } from './harness.ts';

// Issue 15: a module's last report is kept as it sent it (spec §3 raw module data), radio data included, so its
// screen can show what no column holds.

let s: TestServer;
let sim: SimulatorHandle;
fieldForSuite(1, (field) => ({ s, sim } = field));

describe(`raw module data on ${backend}`, () => {
  it('keeps the last report of a module, its radio channel as the params command set it', async () => {
    const lamp = sim.city.cabinets[0]!.modules[0]!;
    const mac = lamp.mac.replace(/:/g, '').toUpperCase();
    const row = async () => (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0];
    const id = (await until(row))._id;
    const set = await s.call('POST', '/api/v2/lamp-modules/params', { id, radioChannel: 3, radioPower: 7 });
    expect(set.body.error).toBe(false);
    const raw = await until(async () => {
      const r = (await row()).raw;
      return r?.rfch === 3 ? r : undefined;
    });
    expect(raw).toMatchObject({ rfch: 3, rfpwr: 7, phase: lamp.phase });
    expect(Object.keys(raw)).toEqual(
      expect.arrayContaining(['pwm', 'pow', 'rssi', 'lpwm', 'cpwm', 'twil', 'energy']),
    );
    expect(raw.mac).toBeUndefined();
    // its place in the radio mesh and the sky it counts its twilight from (spec §3 raw module data)
    expect(raw.level).toBeGreaterThanOrEqual(1);
    expect(raw.rise).toMatch(/^\d\d:\d\d$/);
    expect(raw.set).toMatch(/^\d\d:\d\d$/);
  });

  it('shows it only to a role with viewRawData: never to the demo user, in lists, by id, search or as a link', async () => {
    const lamp = sim.city.cabinets[0]!.modules[0]!;
    const mac = lamp.mac.replace(/:/g, '').toUpperCase();
    const mine = await until(async () => {
      const r = (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0];
      return r?.raw ? r : undefined;
    });
    expect(mine.raw).toBeTruthy();
    const demo = await s.demo();
    const answers = [
      (await demo.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0],
      (await demo.call('GET', `/api/v1/LuminaryModules?limit=1000000`)).body.data.find(
        (r: { _id: number }) => r._id === mine._id,
      ),
      (await demo.call('GET', `/api/v1/LuminaryModules/${mine._id}?type=all`)).body,
      (await demo.call('GET', `/api/v2/LuminaryModules?id=${mine._id}`)).body.result,
      (await demo.call('GET', `/api/v2/lamp-modules/search?mac=${mac}`)).body.result.data[0],
    ];
    for (const row of answers) {
      expect(row).toMatchObject({ _id: mine._id, mac });
      expect(row).not.toHaveProperty('raw');
    }
    if (typeof mine.luminarySupport === 'number') {
      const support = (await demo.call('GET', `/api/v1/LuminarySupports/${mine.luminarySupport}?type=all`))
        .body;
      const linked = JSON.stringify(support);
      expect(linked).toContain(mac);
      expect(linked).not.toContain('"raw"');
    }
  });
});
