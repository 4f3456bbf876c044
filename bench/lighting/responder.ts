import mqtt from 'mqtt';
import { commandMessage, decode, everyController, parseCommand, parseTopic, topic } from '@sl/protocol';
import type { City } from '@sl/simulator';
import { answer } from '../../apps/simulator/src/device/answer.ts';
import { CabinetDevice } from '../../apps/simulator/src/device/cabinet-device.ts';
import { rng } from '../../apps/simulator/src/rng.ts';

/**
 * The fleet's controllers answering their commands through the broker with the simulator's own device logic (the
 * program decoded, checked and run), behind one MQTT connection instead of one per controller: 20,000 client
 * connections would measure this process, not the server's resend.
 */
export async function startResponder(brokerUrl: string, city: City) {
  const devices = new Map(city.cabinets.map((c, i) => [c.controller.mac, new CabinetDevice(c, rng(i + 1))]));
  const client = await mqtt.connectAsync(brokerUrl, { reconnectPeriod: 0, clean: true });
  const counts = { commands: 0, programs: 0, refused: 0, programBytes: 0 };
  client.on('message', (name, buf) => {
    const where = parseTopic(name);
    const device = where && devices.get(where.mac);
    const msg = decode(commandMessage, buf);
    if (!device || !msg.ok) return;
    counts.commands += 1;
    const parsed = parseCommand(msg.value);
    const reply = parsed.ok
      ? answer(device, parsed.command).reply
      : { id: msg.value.id, code: parsed.code, result: { reason: parsed.reason } };
    if (!parsed.ok) counts.refused += 1;
    else if (parsed.command.type === 'program') {
      counts.programs += 1;
      counts.programBytes += buf.length;
    }
    if (reply) client.publish(topic(device.mac, 'reply'), JSON.stringify(reply), { qos: 1 });
  });
  await client.subscribeAsync(everyController('cmd'), { qos: 1 });
  return { counts, stop: () => client.endAsync() };
}
