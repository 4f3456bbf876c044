import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOf } from '@sl/domain';
import type { SimulatorHandle } from '@sl/simulator';
import { MOSQUITTO, startField, until } from './field-setup.ts';
import { backend, type TestServer } from './harness.ts';

// A lamp fault (spec §4 4096 and 4097) from a simulated module, through a real broker, to its module's row, the
// broken lists and map, and a LAMP_BROKEN event.

let s: TestServer;
let sim: SimulatorHandle;
let close: () => Promise<void>;

describe.each([
  ['embedded broker', undefined],
  ['Mosquitto', MOSQUITTO],
])(`a broken lamp through the %s on ${backend}`, (_name, mqttUrl) => {
  beforeAll(async () => {
    ({ s, sim, close } = await startField(1, mqttUrl));
  });
  afterAll(() => close?.());

  const moduleRow = async (mac: string) =>
    (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0] as Record<string, unknown>;
  const reported = (mac: string, code: number) =>
    until(async () => {
      const row = await moduleRow(mac);
      return row.cl_status === code ? row : undefined;
    });

  it('lands as 4097 switched on and 4096 switched off, listed broken, and opens LAMP_BROKEN', async () => {
    const field = sim.controllers[0]!;
    const lamp = [...field.device.lamps.values()][0]!;
    // its phase on and the lamp at full, whatever the hour: the module powers a lamp that gives no light
    const sw = `sw${lamp.phase}=1`;
    expect((await s.call('GET', `/api/v1/control/controller?by=mac&mac=${field.mac}&${sw}`)).body.code).toBe(
      0,
    );
    expect((await s.call('GET', `/api/v1/control/lighting?by=mac&mac=${lamp.mac}&raw=100`)).body.code).toBe(
      0,
    );
    field.breakLamp(lamp.mac);
    const on = await reported(lamp.mac, 4097);
    expect(on.status).toBe('BROKEN');
    expect((await s.call('GET', `/api/v1/control/lighting?by=mac&mac=${lamp.mac}&raw=0`)).body.code).toBe(0);
    await reported(lamp.mac, 4096);

    const broken = await s.call('GET', '/api/v1/LuminaryModules?aggregate=broken&limit=100');
    expect(broken.body.data.map((m: { mac: string }) => m.mac)).toContain(lamp.mac);
    const [lon, lat] = placeOf(on)!;
    const near = await s.call(
      'GET',
      `/api/v1/SingleRequest/all?lat=${lat}&lon=${lon}&radius=50&aggregate=broken&models=LuminaryModules`,
    );
    expect(near.status, JSON.stringify(near.body)).toBe(200);
    expect(near.body.LuminaryModules.map((m: { mac: string }) => m.mac)).toContain(lamp.mac);

    await s.events.detect();
    const events = await s.call(
      'GET',
      `/api/v2/important-events/search?limit=100&module=${on._id as number}&type=LAMP_BROKEN`,
    );
    expect(events.body.result.data).toEqual([
      expect.objectContaining({ type: 'LAMP_BROKEN', status: 'OPEN' }),
    ]);

    field.breakLamp(lamp.mac, false);
    await until(async () => ((await moduleRow(lamp.mac)).cl_status === 0 ? true : undefined));
    await s.events.detect();
    const solved = await s.call(
      'GET',
      `/api/v2/important-events/search?limit=100&module=${on._id as number}&type=LAMP_BROKEN&status=SOLVED`,
    );
    expect(solved.body.result.data).toHaveLength(1);
  });
});
