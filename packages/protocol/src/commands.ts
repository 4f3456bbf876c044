import { z } from 'zod';
import { MODULE_PARAMETER_RANGES as R } from '@sl/domain';
import { describeIssues } from './codec.ts';
import { commandMessage, type CommandMessage } from './command.ts';
import { deviceMac } from './topics.ts';

/** Control answer codes (spec §8); 2 is ours, for a command type the device does not know. */
export const ANSWER = {
  done: 0,
  timeout: 1,
  unsupported: 2,
  moduleNotFound: 3,
  /** the controller cannot reach its modules over the radio (spec §8: dimming only) */
  radioLink: 7,
  connection: 8,
  writeRefused: 10,
  /** the controller has no city loaded (its place and zone), so cannot place a night or a program's steps */
  cityNotLoaded: 12,
} as const;

const int = (range: { min: number; max: number }) => z.number().int().min(range.min).max(range.max);
/** Absent: every module of the controller. */
const targets = z.array(deviceMac).min(1).max(10_000).optional();
const relay = z.union([z.literal(0), z.literal(1)]);
const some = (keys: readonly string[]) => (v: object) =>
  keys.some((k) => k in v && v[k as keyof typeof v] !== undefined);

export const dimPayload = z.object({ macs: targets, pwm: z.number().int().min(0).max(100) });

/** sw1..sw3 drive relay1..relay3 (phases A..C); a switch left out keeps its state. */
export const switchPayload = z
  .object({ sw1: relay.optional(), sw2: relay.optional(), sw3: relay.optional() })
  .refine(some(['sw1', 'sw2', 'sw3']), 'at least one of sw1, sw2, sw3');

const PARAMS = ['minPwm', 'maxPwm', 'radioChannel', 'radioPower'] as const;
/** Module parameters, spec §5: minPwm percent, maxPwm the maximum PWM limit coefficient, radioPower in dBm. */
export const paramsPayload = z
  .object({
    macs: targets,
    minPwm: int(R.minPwm).optional(),
    maxPwm: int(R.maxPwmLimit).optional(),
    radioChannel: int(R.radioChannel).optional(),
    radioPower: int(R.radioPower).optional(),
  })
  .refine(some(PARAMS), `at least one of ${PARAMS.join(', ')}`);

/**
 * The lighting program (issue 11 §4): the controller's lamps grouped by the level curve they follow over the coming
 * nights. Between two points the level moves linearly; two points at one instant are a step; before the first and
 * after the last point of a table, and outside `from`..`to`, the program says nothing. The controller runs the last
 * program it acknowledged until `to`, with no server; a manual dim overrides a lamp until the program's next point.
 */
export const programPayload = z.object({
  version: z.string().min(1).max(64),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  tables: z
    .array(
      z.object({
        macs: z.array(deviceMac).min(1).max(10_000),
        points: z
          .array(z.object({ at: z.iso.datetime(), level: z.number().int().min(0).max(100) }))
          .max(2_000),
      }),
    )
    .max(1_000),
});

/** Whether the controller reads its cabinet's meter and publishes the readings. */
export const meterPayload = z.object({ enabled: z.boolean() });
/**
 * The cabinet's power schedule (issue 12): its nights over the current and next month, each from the schedule's
 * rows (on at a day's on time, off at the next day's off time). `from`..`to` is the stretch of the night (local
 * noon to noon) a row stands for. In AUTO, within a night's stretch the controller closes its contactors from `on`
 * to `off` and opens them otherwise; outside every stretch (a day with no row) it falls back to the lighting
 * program's instants. `lit` is, per phase A..C, the contactor output that lights the lamps, after the cabinet's
 * inversion and the controller's polarity (spec §3, §9). In MANUAL the controller ignores it.
 */
export const schedulePayload = z.object({
  version: z.string().min(1).max(64),
  lit: z.tuple([z.boolean(), z.boolean(), z.boolean()]),
  nights: z
    .array(
      z.object({ from: z.iso.datetime(), to: z.iso.datetime(), on: z.iso.datetime(), off: z.iso.datetime() }),
    )
    .max(62),
});

/** Any JSON object, passed to the controller as it is (spec §5: a command must be JSON). */
export const jsonPayload = z.record(z.string(), z.unknown());

export const COMMAND_PAYLOADS = {
  dim: dimPayload,
  switch: switchPayload,
  params: paramsPayload,
  program: programPayload,
  meter: meterPayload,
  schedule: schedulePayload,
  json: jsonPayload,
} as const;
export type CommandType = keyof typeof COMMAND_PAYLOADS;
export type CommandPayload<T extends CommandType> = z.output<(typeof COMMAND_PAYLOADS)[T]>;
export type TypedCommand = {
  [T in CommandType]: { id: string; type: T; payload: CommandPayload<T> };
}[CommandType];

export function buildCommand<T extends CommandType>(
  type: T,
  payload: z.input<(typeof COMMAND_PAYLOADS)[T]>,
  id: string = crypto.randomUUID(),
  sentAt = new Date(),
): CommandMessage {
  const valid = COMMAND_PAYLOADS[type].parse(payload);
  return commandMessage.parse({ id, type, payload: valid, sentAt: sentAt.toISOString() });
}

export type ParsedCommand = { ok: true; command: TypedCommand } | { ok: false; code: number; reason: string };

/** Reads the payload of a well-formed command: an unknown type answers 2, a payload out of range 10. */
export function parseCommand(message: CommandMessage): ParsedCommand {
  if (!Object.hasOwn(COMMAND_PAYLOADS, message.type))
    return { ok: false, code: ANSWER.unsupported, reason: `unknown command type ${message.type}` };
  const type = message.type as CommandType;
  const r = COMMAND_PAYLOADS[type].safeParse(message.payload);
  if (!r.success) return { ok: false, code: ANSWER.writeRefused, reason: describeIssues(r.error) };
  return { ok: true, command: { id: message.id, type, payload: r.data } as TypedCommand };
}
