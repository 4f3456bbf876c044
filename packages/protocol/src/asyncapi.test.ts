import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asyncApiDocument } from './asyncapi.ts';
import {
  controllerMayPublish,
  controllerMaySubscribe,
  MAX_MESSAGE_BYTES,
  TOPIC_KINDS,
  topic,
  TOPIC_ROOT,
} from './topics.ts';

const FILE = path.resolve(import.meta.dirname, '../../../docs/device-protocol.asyncapi.json');

describe('AsyncAPI document', () => {
  it('is what the protocol schemas say (npm run docs:asyncapi rewrites it)', () => {
    expect(JSON.parse(fs.readFileSync(FILE, 'utf8'))).toEqual(asyncApiDocument());
  });

  it('names a message for every channel and a channel for every operation', () => {
    const doc = asyncApiDocument();
    for (const c of Object.values(doc.channels))
      for (const m of Object.values(c.messages))
        expect(doc.components.messages).toHaveProperty(m.$ref.split('/').at(-1)!);
    for (const o of Object.values(doc.operations))
      expect(doc.channels).toHaveProperty(o.channel.$ref.split('/').at(-1)!);
  });

  it('states the broker rules the brokers enforce: credentials, the ACL, the size limit, no client-id takeover', () => {
    const doc = asyncApiDocument();
    const rules = doc['x-broker-rules'];
    // every channel's ACL as the embedded broker decides it, for a controller on its own topics and another's
    const own = '0243AB000001';
    const other = '0243AB000002';
    for (const kind of TOPIC_KINDS) {
      const mayPublish = controllerMayPublish(own, topic(own, kind));
      expect(rules.acl.controller.publish.includes(`${TOPIC_ROOT}/{own MAC}/${kind}`)).toBe(mayPublish);
      expect(rules.acl.controller.subscribe.includes(`${TOPIC_ROOT}/{own MAC}/${kind}`)).toBe(
        controllerMaySubscribe(own, topic(own, kind)),
      );
      expect(controllerMayPublish(own, topic(other, kind))).toBe(false);
      expect(controllerMaySubscribe(own, topic(other, kind))).toBe(false);
      expect(doc.channels[kind as keyof typeof doc.channels].description).toContain(
        mayPublish ? 'only the controller whose MAC is in the topic' : "only the server's client may publish",
      );
    }
    for (const filter of ['#', `${TOPIC_ROOT}/#`, `${TOPIC_ROOT}/+/cmd`])
      expect(controllerMaySubscribe(own, filter)).toBe(false);
    expect(rules.acl.server).toEqual({ publish: [`${TOPIC_ROOT}/+/cmd`], subscribe: [`${TOPIC_ROOT}/#`] });
    // the size limit, in the rules and the server's MQTT binding
    expect(rules.maxMessageBytes).toBe(MAX_MESSAGE_BYTES);
    expect(doc.servers.field.bindings.mqtt.maximumPacketSize).toBe(MAX_MESSAGE_BYTES);
    expect(rules.messageSize).toContain(`${MAX_MESSAGE_BYTES / 1024} KiB`);
    // user name = MAC, password = secret, and the server's security names the scheme
    expect(doc.components.securitySchemes.deviceCredentials.type).toBe('userPassword');
    expect(doc.servers.field.security).toEqual([{ $ref: '#/components/securitySchemes/deviceCredentials' }]);
    expect(rules.authentication).toMatch(/No anonymous client/);
    expect(rules.authentication).toMatch(/user name = its MAC/);
    expect(rules.authentication).toMatch(/password = its own secret/);
    expect(rules.clientId).toMatch(/client id of a connected client is refused/);
    expect(rules.clientId).toMatch(/use_username_as_clientid true/);
  });
});
