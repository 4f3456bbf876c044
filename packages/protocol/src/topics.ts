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
