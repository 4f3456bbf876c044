// Device status codes (cl_status) and their meaning and colour, spec §4.

export type StatusMeaning = 'off' | 'on' | 'offline' | 'broken' | 'unknown';

// unknown a lighter grey than off, so the two stay apart on the map and in tables
export const STATUS_COLOURS: Record<StatusMeaning, string> = {
  off: '#9e9e9e',
  on: '#2e7d32',
  offline: '#ffb300',
  broken: '#d32f2f',
  unknown: '#c6cbd0',
};

/** The codes of each meaning but unknown, which is every other code (and none). */
export const STATUS_CODES: Readonly<Record<Exclude<StatusMeaning, 'unknown'>, readonly number[]>> = {
  off: [0, 2, 5],
  on: [1],
  offline: [3],
  broken: [4, 4096, 4097],
};

export function statusMeaning(clStatus: number | null | undefined): StatusMeaning {
  for (const [meaning, codes] of Object.entries(STATUS_CODES))
    if (clStatus != null && codes.includes(clStatus)) return meaning as StatusMeaning;
  return 'unknown';
}

/** cl_status codes that mean broken (spec §4). */
export const BROKEN_CODES = STATUS_CODES.broken;

/**
 * A lamp fault its module detects (spec §4 4096, 4097): bit 12 of the status word, its low bit saying whether the
 * module switches the lamp on (4097: switched on and giving no light) or off (4096). 4 is a module's own fault.
 */
export const lampFaultCode = (switchedOn: boolean) => (switchedOn ? 4097 : 4096);

/** The codes a module reports (spec §4); offline (3) and unknown (-1) are the server's to give, not a device's. */
export const MODULE_REPORTED_CODES = [0, 1, 2, 4, 5, 4096, 4097] as const;

/** A support with no sockets shows -1 (unknown). */
export const NO_SOCKETS_STATUS = -1;

export const DEVICE_STATUSES = [
  'ISSUED_FROM_WAREHOUSE',
  'AT_WAREHOUSE',
  'BROKEN',
  'DECOMMISSIONED',
  'LOST',
  'MANUFACTURED',
  'MOUNTED',
  'RETURNED_TO_VENDOR',
  'UNMOUNTED',
  'WORKING_NOT_RESPONDING',
  'WORKING_OFF',
  'WORKING_ON',
  'WORKING_UNKNOWN',
  'DISCONNECTED',
  'CONNECTED',
  'DAMAGED',
  'OK',
] as const;

/**
 * What a device list filters its state on (`state=`): a status meaning as the map shows it, or lamps lit by day
 * (an open DAY_BURNING event).
 */
export const DEVICE_STATES = ['on', 'off', 'offline', 'broken', 'unknown', 'burningByDay'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export const PHASES = { 1: 'A', 2: 'B', 3: 'C' } as const;

/** The event types of spec §4, in its order (its type filter's default is 0 to 3). */
export const SPEC_EVENT_TYPES = [
  'MODULE_NOT_RESPONDING',
  'MODULE_NOT_ASSIGN_TO_SUPPORT',
  'MODULE_NOT_CONNECT_TO_PHASE_AND_CONTROLLER',
  'SOCKET_ON_SUPPORT_IS_FREE',
] as const;
/** The spec's four, then what operators ask for beside them. */
export const EVENT_TYPES = [
  ...SPEC_EVENT_TYPES,
  'LAMP_BROKEN',
  'CONTROLLER_DISCONNECTED',
  'CABINET_DOOR_OPEN',
  'BREAKER_TRIPPED',
  'DAY_BURNING',
  'LAMP_OUT_AT_NIGHT',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/**
 * The events during which a lamp gives no light: its module silent, the lamp or its driver broken, or dark while its
 * program asks it to burn. A controller's outage reaches its lamps as their modules' silence.
 */
export const OUTAGE_EVENT_TYPES = [
  'MODULE_NOT_RESPONDING',
  'LAMP_BROKEN',
  'LAMP_OUT_AT_NIGHT',
] as const satisfies readonly EventType[];
export const EVENT_STATUSES = ['OPEN', 'SOLVED'] as const;

export const DAY_TYPES = ['workday', 'default', 'dayoff', 'weekend', 'holiday', 'events'] as const;
export const TWILIGHT_METHODS = ['BORDERS', 'SIMPLE', 'MID', 'CIVIL', 'NAUTICAL', 'END'] as const;
export const DEFAULT_TWILIGHT_METHOD = 'MID';
export const PROFILE_KINDS = ['symmetrical', 'linear', 'onOff', 'setRise'] as const;
