import { z } from 'zod';
import { deviceText, int32, storableJson } from './bounds.ts';

// Every command carries a correlation id; the controller answers exactly once on its reply topic with the same id
// and a control answer code (spec §8: 0 done, 1 timeout, 3 module not found, 7/8 connection, 10 write refused,
// 12 city not loaded).

export const commandMessage = z.object({
  id: z.string().min(1).max(64),
  type: z.string().min(1).max(64),
  payload: z.unknown(),
  sentAt: z.iso.datetime(),
});
export type CommandMessage = z.infer<typeof commandMessage>;

export const replyMessage = z.object({
  id: deviceText(64).min(1),
  code: int32,
  result: storableJson.optional(),
});
export type ReplyMessage = z.infer<typeof replyMessage>;
