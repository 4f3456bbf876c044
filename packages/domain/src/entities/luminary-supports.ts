import { defineEntity } from '../entity.ts';
import * as by from './device-filters.ts';
import { DEVICE_STATUSES } from '../status.ts';
import { float, int, list, object, oneOf, oneOfInt, point, ref, text, timestamp } from '../fields.ts';

export const MAX_SOCKETS = 16;

export const socket = object({
  luminary: ref('Luminaries'),
  luminaryModule: ref('LuminaryModules'),
  groupControl: ref('GroupControl'),
  groupProfile: ref('Profiles'),
  phase: oneOfInt([1, 2, 3], { show: { rule: 'phase' } }),
  height: float({ min: 0, max: 100, show: { unit: 'm' } }),
  // mirrored from the socket's module by the server when read: its MAC, level, power, inventory status and
  // reported state, and when it last reported them
  mac: text({ readOnly: true, max: 64 }),
  pwm: int({ readOnly: true, show: { unit: 'percent' } }),
  pow: float({ readOnly: true, show: { unit: 'W', decimals: 1 } }),
  status: oneOf(DEVICE_STATUSES, { readOnly: true }),
  cl_status: int({ readOnly: true }),
  updatedAt: timestamp({ readOnly: true }),
});

export const LuminarySupports = defineEntity({
  name: 'LuminarySupports',
  label: { 'en-us': 'Mountings', ru: 'Опоры' },
  labelOne: { 'en-us': 'Mounting', ru: 'Опора' },
  aliases: ['luminary-supports', 'supports'],
  area: 'LuminarySupports',
  groupField: 'group',
  fields: {
    uid: text({ required: true, unique: true, search: true, find: true, list: true, max: 64 }),
    street: text({ search: true, find: true, list: true }),
    address: text({ search: true }),
    city: ref('Cities'),
    socketCount: int({ default: 1, min: 1, max: MAX_SOCKETS, list: true }),
    // the most sockets its construction takes (spec §3 labels, §5 "enter max sockets"); unset: the most any has
    maxSockets: int({ min: 1, max: MAX_SOCKETS }),
    // indexed: which mounting holds a module, or a lamp, is asked one module at a time
    sockets: list(socket, { max: MAX_SOCKETS, default: [], index: true }),
    type: ref('LuminarySupportTypes'),
    supportCategory: ref('LuminarySupportCategories'),
    owner: ref('LuminarySupportOwners'),
    roadClass: ref('Types'),
    cabinet: ref('Cabinets', { list: true, filter: true }),
    location: point(),
    // the district its location lies in, placed by the server
    district: ref('Districts', { readOnly: true }),
    group: ref('Groups'),
    segment: int({ min: 0 }),
    height: float({ min: 0, max: 100, show: { unit: 'm' } }),
    streetWidth: float({ min: 0, max: 1000, show: { unit: 'm' } }),
    luxLevel: float({ min: 0, show: { unit: 'lx' } }),
    status: oneOf(DEVICE_STATUSES),
    // the state of its sockets' modules, worst first, as the map shows it
    cl_status: int({ readOnly: true, derived: true, list: true }),
    comment: text({ max: 2000 }),
    lastReceivedAt: timestamp({ readOnly: true }),
    moduleUpdate: timestamp({ readOnly: true }),
  },
  // its state and controller are its sockets' modules'; its street a part of its street or address
  filters: { state: by.state(), street: by.street(), controller: by.controller(), phase: by.phase() },
  check: (s) => {
    const sockets = (s.sockets as unknown[] | undefined) ?? [];
    const max = (s.maxSockets as number | null | undefined) ?? MAX_SOCKETS;
    if ((s.socketCount as number) < sockets.length) return { code: 'socketCount', fields: ['socketCount'] };
    if (sockets.length > max) return { code: 'IsInvalidError', fields: ['sockets'] };
    if ((s.socketCount as number) > max) return { code: 'IsInvalidError', fields: ['socketCount'] };
    return undefined;
  },
});
