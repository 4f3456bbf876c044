import { defineEntity } from '../entity.ts';
import * as by from './device-filters.ts';
import { DEVICE_STATUSES } from '../status.ts';
import { day, int, oneOf, point, ref, text } from '../fields.ts';

export const Luminaries = defineEntity({
  name: 'Luminaries',
  label: { 'en-us': 'Lamps', ru: 'Светильники' },
  labelOne: { 'en-us': 'Lamp', ru: 'Светильник' },
  aliases: ['luminaries', 'lamps'],
  area: 'Luminaries',
  groupField: 'group',
  // as its module(s) and its mounting have them
  filters: {
    state: by.state(),
    street: by.street(),
    controller: by.controller(),
    cabinet: by.cabinet(),
    phase: by.phase(),
  },
  fields: {
    uid: text({ required: true, unique: true, search: true, list: true, max: 64 }),
    name: text({ search: true, list: true }),
    support: ref('LuminarySupports', { list: true }),
    model: ref('LuminaryModels', { list: true }),
    controlModule: ref('LuminaryModules'),
    group: ref('Groups'),
    status: oneOf(DEVICE_STATUSES),
    // the state of its module(s), worst first, as the map shows it
    cl_status: int({ readOnly: true, derived: true, list: true }),
    location: point(),
    // the district its location lies in, placed by the server
    district: ref('Districts', { readOnly: true }),
    description: text({ max: 2000 }),
    maxLumen: int({ min: 0, show: { unit: 'lm' } }),
    colorTemperature: int({ min: 1000, max: 10000, show: { unit: 'K' } }),
    minPowerLevel: int({ min: 0, max: 100, show: { unit: 'percent' } }),
    maxPowerLevel: int({ min: 0, max: 100, show: { unit: 'percent' } }),
    warrantedHours: int({ min: 0, show: { unit: 'h' } }),
    driverModelName: text(),
    installationDate: day(),
    brightness: int({ min: 0, max: 100, show: { unit: 'percent' } }),
    profileGroup: ref('GroupControl'),
  },
  // a lamp dims between its power levels: the lower one cannot be above the upper one
  check: (l) =>
    typeof l.minPowerLevel === 'number' &&
    typeof l.maxPowerLevel === 'number' &&
    l.minPowerLevel > l.maxPowerLevel
      ? { code: 'IsInvalidError', fields: ['minPowerLevel', 'maxPowerLevel'] }
      : undefined,
});
