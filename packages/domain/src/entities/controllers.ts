import { defineEntity } from '../entity.ts';
import * as by from './device-filters.ts';
import { DEVICE_STATES, DEVICE_STATUSES } from '../status.ts';
import { macAddress } from './luminary-modules.ts';
import { bool, float, int, list, oneOf, point, ref, text, timestamp } from '../fields.ts';

/** how a controller speaks to the console: MQTT unless it was commissioned as a TALQ gateway */
export const CONTROLLER_PROTOCOLS = ['MQTT', 'TALQ'] as const;

export const IO_SEQUENCE_LENGTH = 16;
export const DEFAULT_SEQUENCE = Array.from({ length: IO_SEQUENCE_LENGTH }, (_, i) => i);

export const Controllers = defineEntity({
  name: 'Controllers',
  label: { 'en-us': 'Controllers', ru: 'Контроллеры' },
  labelOne: { 'en-us': 'Controller', ru: 'Контроллер' },
  aliases: ['controllers'],
  area: 'Controllers',
  groupField: 'group',
  titleField: 'uid',
  // a controller stands in its cabinet (named from either side): its street is the cabinet's address
  filters: { state: by.state(), street: by.street(), cabinet: by.cabinet() },
  fields: {
    uid: text({ search: true, find: true, list: true, max: 64 }),
    mac: macAddress(),
    imei: text({ unique: true, search: true, pattern: /^\d{15}$/ }),
    location: point(),
    // the district its location lies in, placed by the server
    district: ref('Districts', { readOnly: true }),
    group: ref('Groups'),
    cabinet: ref('Cabinets', { list: true }),
    city: ref('Cities'),
    model: text(),
    status: oneOf(DEVICE_STATUSES),
    readingMeter: bool({ default: false }),
    // how it speaks to the console: its own MQTT (unset) or a TALQ gateway commissioned under /api/v2/talq
    protocol: oneOf(CONTROLLER_PROTOCOLS, { readOnly: true, list: true }),
    sequence: list(int({ min: 0, max: IO_SEQUENCE_LENGTH - 1 }), {
      min: IO_SEQUENCE_LENGTH,
      max: IO_SEQUENCE_LENGTH,
      default: DEFAULT_SEQUENCE,
    }),
    // bit mask over the 8 I/O positions
    polarity: int({ min: 0, max: 255, default: 0 }),
    // reported by the device
    iostate: int({ readOnly: true, show: { rule: 'ioState' } }),
    cputemp: float({ readOnly: true, show: { unit: 'degC', decimals: 1 } }),
    network: text({ readOnly: true }),
    version: text({ readOnly: true }),
    cl_status: int({ readOnly: true, list: true }),
    connected: bool({ readOnly: true, list: true }),
    // the modules behind it, and the phases whose contactor its I/O state shows closed (spec §3 labels)
    lampsCount: int({ readOnly: true, derived: true }),
    contactor: list(oneOf(['A', 'B', 'C']), { readOnly: true, derived: true }),
    // what its status code means (working, offline, …), as its list's state filter reads it
    state: oneOf(DEVICE_STATES, { readOnly: true, derived: true }),
    lastReceivedAt: timestamp({ readOnly: true }),
  },
});
