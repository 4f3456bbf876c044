import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { MOSQUITTO, startField } from './field-setup.ts';
import { backend, type TestServer } from './harness.ts';

// The controller answers 7 (its radio to the modules is down) and 12 (its city not loaded) from a simulated
// controller through a real broker, shown with spec §8's messages in both languages and kept in the archive.

let s: TestServer;
let sim: SimulatorHandle;
let close: () => Promise<void>;

describe.each([
  ['embedded broker', undefined],
  ['Mosquitto', MOSQUITTO],
])(`controller answers through the %s on ${backend}`, (_name, mqttUrl) => {
  beforeAll(async () => {
    ({ s, sim, close } = await startField(1, mqttUrl));
  });
  afterAll(() => close?.());

  const dim = (mac: string, lang: string) =>
    s.call('GET', `/api/v1/control/lighting?by=mac&mac=${mac}&raw=40`, undefined, {
      'accept-language': lang,
    });

  it('a dim while the radio is down answers 7, ServiceConnectionError', async () => {
    const field = sim.controllers[0]!;
    const mac = [...field.device.lamps.keys()][0]!;
    field.loseRadio();
    const en = await dim(mac, 'en-US');
    const ru = await dim(mac, 'ru');
    field.loseRadio(false);
    expect(en.body).toMatchObject({ code: 7, msg: 'Connection error' });
    expect(ru.body).toMatchObject({ code: 7, msg: 'Ошибка соединения' });
    const archived = (await s.call('GET', `/api/v2/commands/${en.body.commandId}`)).body.result;
    expect(archived.devices).toEqual([expect.objectContaining({ state: 'failed', code: 7 })]);
  });

  it('a dim while the city is not loaded answers 12, CityNotLoad', async () => {
    const field = sim.controllers[0]!;
    const mac = [...field.device.lamps.keys()][0]!;
    field.forgetCity();
    const en = await dim(mac, 'en-US');
    const ru = await dim(mac, 'ru');
    field.forgetCity(false);
    expect(en.body).toMatchObject({ code: 12, msg: 'Connection error, city is undefined' });
    expect(ru.body).toMatchObject({ code: 12, msg: 'Ошибка соединения, город не определён' });
    expect((await dim(mac, 'en-US')).body).toMatchObject({ code: 0, msg: '' });
  });
});
