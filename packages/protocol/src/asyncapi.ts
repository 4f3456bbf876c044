import { z } from 'zod';
import { commandMessage, replyMessage } from './command.ts';
import { COMMAND_PAYLOADS } from './commands.ts';
import { meterReading } from './meter.ts';
import { moduleBatch } from './modules.ts';
import { controllerState } from './state.ts';
import { TOPIC_ROOT } from './topics.ts';

// The device protocol as an AsyncAPI 3 document, built from the same schemas the server and the simulator use.
// `docs/device-protocol.asyncapi.json` is this document written out; a test fails when the two differ.

const schema = (s: z.ZodType) =>
  z.toJSONSchema(s, { target: 'draft-7', unrepresentable: 'any', io: 'input' });

const channel = (kind: string, message: string, description: string) => ({
  address: `${TOPIC_ROOT}/{controllerMac}/${kind}`,
  description,
  parameters: { controllerMac: { description: 'controller MAC, upper-case hex without separators' } },
  messages: { [message]: { $ref: `#/components/messages/${message}` } },
});

export function asyncApiDocument() {
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Street-lighting field protocol',
      version: '1',
      description:
        'MQTT between the console server and street-lighting controllers, QoS 1. Every command carries a correlation ' +
        'id and is answered exactly once on the reply topic with a control answer code (spec §8); a controller ' +
        'that does not answer in time is reported as timed out (code 1). A controller sets a retained last will ' +
        '`{ "online": false }` on its state topic.',
    },
    defaultContentType: 'application/json',
    channels: {
      state: channel(
        'state',
        'controllerState',
        'Controller state, retained; the last will marks it offline.',
      ),
      modules: channel('modules', 'moduleBatch', "Readings of some of a controller's lamp modules."),
      meter: channel(
        'meter',
        'meterReading',
        'Meter readings per phase, raw integers; 65535 means no value.',
      ),
      cmd: channel('cmd', 'command', 'Commands from the server.'),
      reply: channel('reply', 'reply', 'The one answer to each command.'),
    },
    operations: {
      receiveState: { action: 'receive', channel: { $ref: '#/channels/state' } },
      receiveModules: { action: 'receive', channel: { $ref: '#/channels/modules' } },
      receiveMeter: { action: 'receive', channel: { $ref: '#/channels/meter' } },
      sendCommand: {
        action: 'send',
        channel: { $ref: '#/channels/cmd' },
        reply: { channel: { $ref: '#/channels/reply' } },
      },
    },
    components: {
      messages: {
        controllerState: { payload: schema(controllerState) },
        moduleBatch: { payload: schema(moduleBatch) },
        meterReading: { payload: schema(meterReading) },
        command: {
          payload: schema(commandMessage),
          description: `type is one of ${Object.keys(COMMAND_PAYLOADS).join(', ')}; each payload as under components.schemas.`,
        },
        reply: { payload: schema(replyMessage) },
      },
      schemas: Object.fromEntries(
        Object.entries(COMMAND_PAYLOADS).map(([type, s]) => [`${type}Payload`, schema(s)]),
      ),
    },
  };
}
