import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { topicMac } from '@sl/protocol';
import { sampleModuleReading } from '@sl/protocol/testing';
import type { SimulatorHandle } from '@sl/simulator';
import { fieldForSuite, until } from './field-setup.ts';
import { backend, type TestServer } from './harness.ts';

// The simulated field of a real city, through the real broker, into each device's current state.

let s: TestServer;
let sim: SimulatorHandle;

fieldForSuite(2, (field) => ({ s, sim } = field));

/**
 * A second connection as one of the simulated controllers (commissioned afresh: the simulated one is then
 * disconnected by the rotation, and cannot take its id back while this one holds it).
 */
async function asController(controllerMac: string) {
  const mac = topicMac(controllerMac);
  const secrets = await s.commission([mac]);
  return until(() =>
    mqtt
      .connectAsync(s.brokerUrl, { clientId: mac, username: mac, password: secrets[mac], reconnectPeriod: 0 })
      .catch(() => undefined),
  );
}

describe(`field ingest on ${backend}`, () => {
  it('stores every module reading of the seeded city', async () => {
    const total = (await s.call('GET', '/api/v2/lamp-modules/search?limit=1')).body.result.total;
    expect(total).toBe(sim.city.cabinets.flatMap((c) => c.modules).length);
    const page = await until(async () => {
      const p = await s.call('GET', '/api/v1/LuminaryModules?lastReceivedAt=null&limit=1');
      return p.body.total === 0 ? p : undefined;
    });
    expect(page.body.total).toBe(0);
    const m = (await s.call('GET', '/api/v1/LuminaryModules?limit=1')).body.data[0];
    expect([0, 1]).toContain(m.cl_status);
    expect(m.pwm).toBeGreaterThanOrEqual(0);
  });

  it('marks a controller connected, and offline by its last will', async () => {
    const mac = sim.controllers[0]!.mac;
    await until(async () => {
      const c = (await s.call('GET', `/api/v1/Controllers?mac=${mac}`)).body.data[0];
      return c.connected === true && c.cl_status === 1 ? c : undefined;
    });
    sim.controllers[0]!.goOffline(60_000);
    const gone = await until(async () => {
      const c = (await s.call('GET', `/api/v1/Controllers?mac=${mac}`)).body.data[0];
      return c.connected === false ? c : undefined;
    });
    expect(gone.cl_status).toBe(3);
  });

  it('counts what it cannot read or place, and keeps going', async () => {
    const before = (await s.call('GET', '/health')).body.field;
    const client = await asController(sim.controllers[1]!.mac);
    const mac = sim.controllers[1]!.mac;
    await client.publishAsync(`sl/v1/${mac}/modules`, 'not json', { qos: 1 });
    await client.publishAsync(`sl/v1/${mac}/state`, JSON.stringify({ online: true }), { qos: 1 });
    const stranger = sampleModuleReading('024DFFFF00000001', { pwm: 50 });
    await client.publishAsync(
      `sl/v1/${mac}/modules`,
      JSON.stringify({ at: stranger.at, modules: [stranger] }),
      { qos: 1 },
    );
    await client.endAsync();
    const after = await until(async () => {
      const f = (await s.call('GET', '/health')).body.field;
      return f.malformed >= before.malformed + 2 && f.unknownDevices >= before.unknownDevices + 1
        ? f
        : undefined;
    });
    expect(after.readings).toBeGreaterThan(before.readings);
  });

  it('keeps a controller that said goodbye offline, with its modules, until its own state says online', async () => {
    const mac = sim.controllers[1]!.mac;
    const lamp = [...sim.controllers[1]!.device.lamps.keys()][0]!;
    const client = await asController(mac);
    const controller = async () => (await s.call('GET', `/api/v1/Controllers?mac=${mac}`)).body.data[0];
    const module = async () => (await s.call('GET', `/api/v1/LuminaryModules?mac=${lamp}`)).body.data[0];
    const flushes = async () => (await s.call('GET', '/health')).body.field.flushes as number;
    const online = JSON.stringify({
      online: true,
      iostate: 0,
      cputemp: 40,
      version: '1.0',
      network: 'lte',
      readingMeter: false,
      at: new Date().toISOString(),
    });
    const reading = (pwm: number) =>
      JSON.stringify({ at: new Date().toISOString(), modules: [sampleModuleReading(lamp, { pwm })] });
    try {
      await client.publishAsync(`sl/v1/${mac}/state`, online, { qos: 1 });
      await until(async () => ((await controller()).connected === true ? true : undefined));
      await client.publishAsync(`sl/v1/${mac}/state`, JSON.stringify({ online: false }), { qos: 1 });
      await until(async () => ((await module()).cl_status === 3 ? true : undefined));
      // a reading from before the goodbye, written after it (as another server process may): two flushes later
      // it is stored, and the controller and its module are still offline
      await client.publishAsync(`sl/v1/${mac}/modules`, reading(37), { qos: 1 });
      const after = (await flushes()) + 2;
      await until(async () => ((await flushes()) >= after ? true : undefined));
      expect((await controller()).connected).toBe(false);
      expect((await module()).cl_status).toBe(3);
      await client.publishAsync(`sl/v1/${mac}/state`, online, { qos: 1 });
      await client.publishAsync(`sl/v1/${mac}/modules`, reading(38), { qos: 1 });
      const back = await until(async () => {
        const m = await module();
        return m.pwm === 38 ? m : undefined;
      });
      expect(back.cl_status).toBe(1);
      // the controller's state and its modules' rows are separate writes of one flush: the one may land first
      await until(async () => ((await controller()).connected === true ? true : undefined));
    } finally {
      await client.endAsync();
    }
  });

  it('keeps every reading in the day partitions of the history', async () => {
    const rows = await until(async () => {
      const [r] = await s.sql<{ n: number }>('select count(*)::int as n from module_readings');
      return r!.n > 0 ? r!.n : undefined;
    });
    expect(rows).toBeGreaterThan(0);
    const [strays] = await s.sql<{ n: number }>(
      'select count(*)::int as n from only module_readings_default',
    );
    expect(strays!.n).toBe(0);
  });

  it('stores a meter reading per phase, its 65535 as 0, and the meter shows the latest', async () => {
    const serial = sim.city.cabinets[0]!.meter.serial;
    const client = await asController(sim.controllers[0]!.mac);
    // later than any the simulated meter sends meanwhile: the meter shows its newest reading, whatever arrives after
    const at = new Date(Date.now() + 10 * 60_000).toISOString();
    const phases = [
      { phase: 1, voltage: 23012, current: 1500, power: 34500, energy: 120 },
      { phase: 2, voltage: 65535, current: 65535, power: 65535, energy: 65535 },
    ];
    await client.publishAsync(
      `sl/v1/${sim.controllers[0]!.mac}/meter`,
      JSON.stringify({ serial, at, phases }),
      { qos: 1 },
    );
    const stored = await until(async () => {
      const r = await s.sql<{ phase: number; voltage: string; energy: string }>(
        'select phase, voltage, energy from meter_readings where serial = $1 and at = $2 order by phase',
        [serial, at],
      );
      return r.length === 2 ? r : undefined;
    });
    // an older reading arriving after it is kept in the history but is not the meter's latest
    const older = new Date(Date.parse(at) - 60_000).toISOString();
    await client.publishAsync(
      `sl/v1/${sim.controllers[0]!.mac}/meter`,
      JSON.stringify({ serial, at: older, phases: [{ ...phases[0]!, voltage: 22222 }] }),
      { qos: 1 },
    );
    await client.endAsync();
    await until(async () => {
      const r = await s.sql('select 1 from meter_readings where serial = $1 and at = $2', [serial, older]);
      return r.length ? r : undefined;
    });
    expect(stored.map((r) => [r.phase, Number(r.voltage), Number(r.energy)])).toEqual([
      [1, 23012, 120],
      [2, 0, 0],
    ]);
    const page = await s.call('GET', `/api/v1/Meters?serial=${encodeURIComponent(serial)}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const meter = page.body.data[0];
    expect(meter.energyData).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ phase: 1, voltage: 23012 }),
        expect.objectContaining({ phase: 2, voltage: 0 }),
      ]),
    );
  });
});
