import { z } from 'zod';
import { deviceText, fieldInstant } from './bounds.ts';
import { decode, encode } from './codec.ts';

// the cabinet I/O bits are the domain's, shared with the console, which shows the relays
export { decodeIo, encodeIo, IO_BITS, type IoState } from '@sl/domain';

export const iostate = z.number().int().min(0).max(255);

const onlineState = z.object({
  online: z.literal(true),
  iostate,
  cputemp: z.number().min(-60).max(150),
  version: deviceText(64).min(1),
  network: deviceText(64),
  readingMeter: z.boolean(),
  at: fieldInstant,
});

/** Also the controller's last will, set when it connects, so it carries no time: the receiver stamps it. */
const offlineState = z.object({ online: z.literal(false), at: fieldInstant.optional() });

/** `sl/v1/{mac}/state`, retained. */
export const controllerState = z.discriminatedUnion('online', [onlineState, offlineState]);
export type ControllerState = z.infer<typeof controllerState>;

export const encodeState = (s: ControllerState) => encode(controllerState, s);
export const decodeState = (raw: Uint8Array | string) => decode(controllerState, raw);
