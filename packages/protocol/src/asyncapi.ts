import { z } from 'zod';
import { commandMessage, replyMessage } from './command.ts';
import { COMMAND_PAYLOADS } from './commands.ts';
import { meterReading } from './meter.ts';
import { moduleBatch } from './modules.ts';
import { controllerState } from './state.ts';
import { CONTROLLER_PUBLISHES, MAX_MESSAGE_BYTES, TOPIC_ROOT, type TopicKind } from './topics.ts';

// The device protocol as an AsyncAPI 3 document, built from the same schemas the server and the simulator use.
// `docs/device-protocol.asyncapi.json` is this document written out; a test fails when the two differ.

const schema = (s: z.ZodType) =>
  z.toJSONSchema(s, { target: 'draft-7', unrepresentable: 'any', io: 'input' });

/** Who may do what on a channel (the broker's ACL), said the same way for each. */
const acl = (kind: TopicKind) =>
  (CONTROLLER_PUBLISHES as readonly string[]).includes(kind)
    ? 'Broker ACL: only the controller whose MAC is in the topic (signed in as that MAC) may publish here; the ' +
      "server's client alone subscribes (`" +
      `${TOPIC_ROOT}/+/${kind}` +
      '`). Anyone else publishing here is refused, and on the embedded broker loses its connection.'
    : "Broker ACL: only the server's client may publish here; only the controller whose MAC is in the topic may " +
      'subscribe, to exactly this topic (no wildcard filter is granted to a controller).';

const channel = (kind: TopicKind, message: string, description: string) => ({
  address: `${TOPIC_ROOT}/{controllerMac}/${kind}`,
  description: `${description} ${acl(kind)}`,
  parameters: {
    controllerMac: {
      description:
        'controller MAC, upper-case hex without separators (8 to 16 digits): the user name and client id the ' +
        'controller signs in with',
    },
  },
  messages: { [message]: { $ref: `#/components/messages/${message}` } },
});

const KIB = MAX_MESSAGE_BYTES / 1024;

/**
 * The field broker's rules (DESIGN.md §5), as the embedded broker enforces them and the files of `npm run
 * broker:files` make Mosquitto enforce them.
 */
const BROKER_RULES = {
  authentication:
    'No anonymous client. A controller signs in with user name = its MAC in topic form (upper-case hex, no ' +
    'separators, e.g. `0243AB0102`) and password = its own secret: 32 random bytes, base64url (43 characters), ' +
    'issued when the controller is created (the `secret` of the create answer, shown once) or by ' +
    '`POST /api/v2/controllers/{id}/secret`, which also rotates it (the old secret stops working at once). The ' +
    "server keeps only a hash (Mosquitto's PBKDF2-SHA512 `$7$` form). The server signs in with a credential of " +
    'its own (`sl-server` with a random password on the embedded broker; MQTT_USERNAME and MQTT_PASSWORD on an ' +
    'external one). The embedded broker refuses a sign-in with CONNACK 4 (bad user name or password), or 2 ' +
    '(identifier rejected) for a client id that is not the user name or is in use.',
  clientId:
    "A controller's client id must be its user name (its MAC). On the embedded broker, a connection with the " +
    'client id of a connected client is refused (CONNACK 2) and the connected one stays: no one can take a ' +
    "controller's session over; a controller whose old connection died silently gets back in once the broker's " +
    'keep-alive has ended it. Mosquitto is run with `use_username_as_clientid true`, so a client id is always the ' +
    'user name signed in with.',
  acl: {
    controller: {
      publish: CONTROLLER_PUBLISHES.map((kind) => `${TOPIC_ROOT}/{own MAC}/${kind}`),
      subscribe: [`${TOPIC_ROOT}/{own MAC}/cmd`],
    },
    server: { publish: [`${TOPIC_ROOT}/+/cmd`], subscribe: [`${TOPIC_ROOT}/#`] },
    anyoneElse: { publish: [], subscribe: [] },
    description:
      'A controller publishes only under its own MAC and subscribes only to its own commands; a publish outside ' +
      'them is refused (the embedded broker ends that connection), a subscription outside them is refused in the ' +
      "SUBACK (0x80). Only the server's client reads every controller's topics.",
  },
  maxMessageBytes: MAX_MESSAGE_BYTES,
  messageSize:
    `Messages up to ${KIB} KiB (${MAX_MESSAGE_BYTES} bytes, the whole MQTT packet). A packet that announces more ` +
    'ends its connection as soon as its header is read (embedded broker; Mosquitto `max_packet_size`), and the ' +
    'server drops and counts (`oversize` in /health) any message over the limit that a broker let through.',
  serverChecks:
    'Whatever the broker, the server believes a reply only on the reply topic of the controller the command was ' +
    'sent to, a module reading only for a module assigned to the controller it came from, a meter reading only for ' +
    "a meter of that controller (the meter's own controller, else its cabinet's), and a state only as the state of " +
    'the controller whose topic it came on; the rest is counted (`foreignReadings`, `unknownDevices` in /health) ' +
    'and dropped, never stored.',
};

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
    servers: {
      field: {
        host: 'localhost:1883',
        protocol: 'mqtt',
        protocolVersion: '3.1.1',
        description:
          'The field broker: embedded in the server (MQTT_PORT) unless MQTT_URL names an external one (Mosquitto 2, ' +
          `configured by \`npm run broker:files\`). ${BROKER_RULES.authentication} ${BROKER_RULES.clientId} ` +
          `${BROKER_RULES.acl.description} ${BROKER_RULES.messageSize} ${BROKER_RULES.serverChecks}`,
        security: [{ $ref: '#/components/securitySchemes/deviceCredentials' }],
        bindings: { mqtt: { maximumPacketSize: MAX_MESSAGE_BYTES, bindingVersion: '0.2.0' } },
      },
    },
    'x-broker-rules': BROKER_RULES,
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
      securitySchemes: {
        deviceCredentials: {
          type: 'userPassword',
          description:
            'user name = the controller MAC (topic form, also its client id); password = its secret. The server ' +
            'signs in with a credential of its own.',
        },
      },
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
