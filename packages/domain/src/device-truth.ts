import { BROKEN_CODES, type DEVICE_STATUSES } from './status.ts';

// The named device statuses the field sets (spec §4), and when. Statuses that say where a device is in its
// life (at the warehouse, lost, decommissioned, …) are the operator's: no report, silence or outage moves them.

type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** What the field tells of a device. */
export type FieldSignal =
  | { kind: 'report'; clStatus: number }
  /** not heard for longer than its report interval × the offline factor */
  | { kind: 'silent' }
  /** its controller's last will came, or its controller fell silent */
  | { kind: 'controllerOffline' }
  | { kind: 'controllerOnline' };

/** cl_status 3: offline (spec §4), set by the server when a module is not heard. */
export const OFFLINE_CODE = 3;

/** A module's reported cl_status → its named status; any other code is WORKING_UNKNOWN. */
export const REPORTED_MODULE_STATUS: Readonly<Record<number, DeviceStatus>> = {
  0: 'WORKING_OFF',
  1: 'WORKING_ON',
  2: 'WORKING_OFF',
  5: 'WORKING_OFF',
  [OFFLINE_CODE]: 'WORKING_NOT_RESPONDING',
  ...Object.fromEntries(BROKEN_CODES.map((c) => [c, 'BROKEN' as const])),
};
export const UNKNOWN_MODULE_STATUS: DeviceStatus = 'WORKING_UNKNOWN';

/** The statuses the field may replace: its own, a mounted device's, and none. */
export const FIELD_MOVABLE_STATUSES: readonly (DeviceStatus | null)[] = [
  null,
  'MOUNTED',
  'OK',
  'WORKING_ON',
  'WORKING_OFF',
  'WORKING_UNKNOWN',
  'WORKING_NOT_RESPONDING',
  'BROKEN',
  'CONNECTED',
  'DISCONNECTED',
];

const movable = (s: DeviceStatus | null) => FIELD_MOVABLE_STATUSES.includes(s);

/** A module's status after a signal from the field. */
export function moduleStatusAfter(current: DeviceStatus | null, signal: FieldSignal): DeviceStatus | null {
  if (!movable(current)) return current;
  switch (signal.kind) {
    case 'report':
      return REPORTED_MODULE_STATUS[signal.clStatus] ?? UNKNOWN_MODULE_STATUS;
    case 'silent':
    case 'controllerOffline':
      return 'WORKING_NOT_RESPONDING';
    case 'controllerOnline':
      // its modules are believed again from their own next report
      return current;
  }
}

/** A module's cl_status after a signal: the reported code, or offline while it or its controller is silent. */
export function moduleCodeAfter(current: number | null, signal: FieldSignal): number | null {
  if (signal.kind === 'report') return signal.clStatus;
  if (signal.kind === 'controllerOnline') return current;
  return OFFLINE_CODE;
}

/** A controller's status after a signal: any report, or its coming online, is CONNECTED. */
export function controllerStatusAfter(
  current: DeviceStatus | null,
  signal: FieldSignal,
): DeviceStatus | null {
  if (!movable(current)) return current;
  return signal.kind === 'silent' || signal.kind === 'controllerOffline' ? 'DISCONNECTED' : 'CONNECTED';
}

/** Default: a device not heard for three of its report intervals is offline. */
export const DEFAULT_OFFLINE_FACTOR = 3;

/**
 * How often a TALQ gateway reports its lamps' values (the log period of the data the CMS asks for): TALQ lamps are
 * offline after this times the offline factor, not after the MQTT controllers' report interval.
 */
export const TALQ_REPORT_PERIOD_MS = 15 * 60_000;
