import net from 'node:net';
import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER, buildCommand, decodeIo, topic, type CommandType } from '@sl/protocol';
import { startSimulator, type SimulatorHandle } from './simulator.ts';
import { Probe, type Received } from './testing/probe.ts';

const MOSQUITTO = 'mqtt://127.0.0.1:1883';
const reachable = await new Promise<boolean>((resolve) => {
  const s = net.connect(1883, '127.0.0.1', () => resolve(!!s.end()));
  s.on('error', () => resolve(false));
  s.setTimeout(500, () => resolve(!!s.destroy()));
});

type Broker = { url: string; close(): Promise<void> };

async function embedded(): Promise<Broker> {
  const aedes = await Aedes.createBroker();
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
const external = async (): Promise<Broker> => ({ url: MOSQUITTO, close: async () => {} });

const cases = [
  { name: 'embedded Aedes', open: embedded },
  ...(reachable ? [{ name: `Mosquitto at ${MOSQUITTO}`, open: external }] : []),
];

describe.each(cases)('simulator through $name', ({ open }) => {
  let broker: Broker;
  let sim: SimulatorHandle;
  let probe: Probe;
  let mac: string;
  let modules: string[];
  let n = 0;

  beforeAll(async () => {
    broker = await open();
    // a network of its own per run, so runs on a shared broker never see each other's retained state
    const network = 0x8000 + Math.floor(Math.random() * 0x7fff);
    sim = await startSimulator({
      broker: broker.url,
      city: 'cambridge',
      controllers: 2,
      network,
      intervalMs: 250,
      faults: false,
    });
    mac = sim.controllers[0]!.mac;
    modules = sim.city.cabinets[0]!.modules.map((m) => m.mac);
    probe = await Probe.connect(broker.url, [topic(mac, 'reply'), topic(mac, 'modules')]);
  });

  afterAll(async () => {
    await probe?.close();
    await sim?.stop({ clearRetained: true });
    await broker?.close();
  });

  const send = async <T extends CommandType>(
    type: T,
    payload: Parameters<typeof buildCommand<T>>[1],
    ms = 5000,
  ) => {
    const cmd = buildCommand(type, payload, `t${process.pid}-${++n}`);
    await probe.publish(topic(mac, 'cmd'), JSON.stringify(cmd));
    return probe.waitFor((m) => m.topic.endsWith('/reply') && (m.json as { id?: string })?.id === cmd.id, ms);
  };
  const reply = (m: Received) => m.json as { id: string; code: number; result?: Record<string, unknown> };

  it('publishes a retained online state that a late subscriber sees', async () => {
    const late = await Probe.connect(broker.url, [topic(mac, 'state')]);
    const state = await late.waitFor((m) => m.retain);
    await late.close();
    expect(state.json).toMatchObject({ online: true, version: expect.any(String), readingMeter: true });
    const io = decodeIo((state.json as { iostate: number }).iostate);
    expect(io).toMatchObject({ door: 'closed', mode: 'AUTO', breakers: [true, true, true] });
  });

  it('dims a module: code 0, then a batch carrying the new level', async () => {
    const target = modules[1]!;
    const r = reply(await send('dim', { macs: [target], pwm: 37 }));
    expect(r.code).toBe(ANSWER.done);
    const batch = await probe.waitFor(
      (m) =>
        (m.json as { modules?: { mac: string; pwm: number }[] })?.modules?.some(
          (x) => x.mac === target && x.pwm === 37,
        ) ?? false,
    );
    expect(batch.topic).toBe(topic(mac, 'modules'));
  });

  it('answers 3 for an unknown module and 10 for params out of range', async () => {
    const unknown = reply(await send('dim', { macs: ['0000000000000001'], pwm: 50 }));
    expect(unknown).toMatchObject({ code: ANSWER.moduleNotFound, result: { unknown: ['0000000000000001'] } });
    const cmd = {
      id: `t${process.pid}-range`,
      type: 'params',
      payload: { radioPower: 15 },
      sentAt: new Date().toISOString(),
    };
    await probe.publish(topic(mac, 'cmd'), JSON.stringify(cmd));
    const refused = await probe.waitFor((m) => (m.json as { id?: string })?.id === cmd.id);
    expect(reply(refused).code).toBe(ANSWER.writeRefused);
    expect(reply(await send('params', { radioPower: 14, minPwm: 1 })).code).toBe(ANSWER.done);
  });

  it('answers 7 to a dim while its radio is down, and 12 to a dim or program while its city is not loaded', async () => {
    const field = sim.controllers[0]!;
    field.loseRadio();
    expect(reply(await send('dim', { macs: [modules[0]!], pwm: 40 })).code).toBe(ANSWER.radioLink);
    expect(reply(await send('params', { minPwm: 5 })).code).toBe(ANSWER.radioLink);
    // a phase switch needs no radio
    expect(reply(await send('switch', { sw1: 1 })).code).toBe(ANSWER.done);
    field.loseRadio(false);
    field.forgetCity();
    expect(reply(await send('dim', { macs: [modules[0]!], pwm: 40 })).code).toBe(ANSWER.cityNotLoaded);
    const at = new Date().toISOString();
    const program = { version: 'v', from: at, to: at, tables: [] };
    expect(reply(await send('program', program)).code).toBe(ANSWER.cityNotLoaded);
    expect(reply(await send('switch', { sw1: 1 })).code).toBe(ANSWER.done);
    field.forgetCity(false);
    expect(reply(await send('dim', { macs: [modules[0]!], pwm: 40 })).code).toBe(ANSWER.done);
  });

  it('switches a relay and answers the new iostate; echoes json', async () => {
    const r = reply(await send('switch', { sw2: 0 }));
    expect(r.code).toBe(ANSWER.done);
    expect(decodeIo(r.result!.iostate as number).relays[1]).toBe(false);
    expect(reply(await send('json', { hello: ['field'] }))).toMatchObject({
      code: 0,
      result: { hello: ['field'] },
    });
  });

  it('ignores malformed commands without crashing, and keeps answering', async () => {
    const before = sim.counters.malformed;
    await probe.publish(topic(mac, 'cmd'), 'not json');
    await probe.publish(topic(mac, 'cmd'), JSON.stringify({ id: 'no-type' }));
    await probe.publish(topic(mac, 'cmd'), JSON.stringify([1, 2]));
    expect(reply(await send('json', { still: 'here' })).code).toBe(0);
    expect(sim.counters.malformed - before).toBe(3);
    expect(probe.messages.some((m) => (m.json as { id?: string })?.id === 'no-type')).toBe(false);
  });

  it('stays silent for a command to a silent module', async () => {
    sim.controller(mac)!.device.lamps.get(modules[2]!)!.silent = true;
    const before = sim.counters.unanswered;
    await expect(send('dim', { macs: [modules[2]!], pwm: 10 }, 1500)).rejects.toThrow(/no matching message/);
    expect(sim.counters.unanswered - before).toBe(1);
  });

  it('a controller that drops off is marked offline by its last will', async () => {
    const other = sim.controllers[1]!;
    const watch = await Probe.connect(broker.url, [topic(other.mac, 'state')]);
    await watch.waitFor((m) => (m.json as { online?: boolean })?.online === true);
    other.goOffline(60_000);
    const will = await watch.waitFor((m) => (m.json as { online?: boolean })?.online === false);
    expect(will.json).toEqual({ online: false });
    await watch.close();
    const late = await Probe.connect(broker.url, [topic(other.mac, 'state')]);
    expect((await late.waitFor((m) => m.retain)).json).toEqual({ online: false });
    await late.close();
  });
});
