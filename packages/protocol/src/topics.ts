import { z } from 'zod';
import { canonicalMac } from '@sl/domain';

// MQTT topics between the server and the field (DESIGN.md §5).

export const TOPIC_ROOT = 'sl/v1';
export const TOPIC_KINDS = ['state', 'modules', 'meter', 'cmd', 'reply'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];

/** Controller MACs appear in topics in their stored form: without separators, upper-case. */
export const topicMac = canonicalMac;

export const topic = (controllerMac: string, kind: TopicKind) =>
  `${TOPIC_ROOT}/${topicMac(controllerMac)}/${kind}`;

/** What the server subscribes to for one kind from every controller. */
export const everyController = (kind: TopicKind) => `${TOPIC_ROOT}/+/${kind}`;

export function parseTopic(name: string): { mac: string; kind: TopicKind } | undefined {
  const m = /^sl\/v1\/([0-9A-F]{8,16})\/([a-z]+)$/.exec(name);
  if (!m || !(TOPIC_KINDS as readonly string[]).includes(m[2]!)) return undefined;
  return { mac: m[1]!, kind: m[2] as TopicKind };
}

/** A device MAC in a payload: any case, with or without separators; read as the topic form (EUI-48 or EUI-64). */
export const deviceMac = z
  .string()
  .max(32)
  .transform(topicMac)
  .pipe(z.string().regex(/^[0-9A-F]{8,16}$/, 'MAC of 4 to 8 bytes'));

/**
 * The largest MQTT message the field network carries, on the broker and in the server: 256 KiB. The biggest
 * legitimate ones are a dim naming 10,000 modules (about 200 KB) and a batch of MODULE_BATCH_MAX readings (about
 * 50 KB).
 */
export const MAX_MESSAGE_BYTES = 256 * 1024;

/** A controller's broker user name is its MAC in topic form; so is its client id. */
export const isTopicMac = (name: string) => /^[0-9A-F]{8,16}$/.test(name);

/** The topics a controller publishes to: its own state, readings, meter and replies, nothing else. */
export const CONTROLLER_PUBLISHES = ['state', 'modules', 'meter', 'reply'] as const satisfies TopicKind[];

/** Whether the controller `mac` (topic form) may publish to `name`. */
export function controllerMayPublish(mac: string, name: string): boolean {
  const where = parseTopic(name);
  return where?.mac === mac && (CONTROLLER_PUBLISHES as readonly string[]).includes(where.kind);
}

/** Whether the controller `mac` (topic form) may subscribe to `filter`: its own commands only, no wildcards. */
export const controllerMaySubscribe = (mac: string, filter: string) => filter === `${TOPIC_ROOT}/${mac}/cmd`;
