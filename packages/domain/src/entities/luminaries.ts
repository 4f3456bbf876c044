import { defineEntity } from '../entity.ts';
import { DEVICE_STATUSES } from '../status.ts';
import { day, int, oneOf, point, ref, text } from '../fields.ts';

export const Luminaries = defineEntity({
  name: 'Luminaries',
  label: { 'en-us': 'Lamps', ru: 'Светильники' },
  aliases: ['luminaries', 'lamps'],
  area: 'Luminaries',
  groupField: 'group',
  fields: {
    uid: text({ required: true, unique: true, search: true, list: true, max: 64 }),
    name: text({ search: true, list: true }),
    support: ref('LuminarySupports', { list: true }),
    model: ref('LuminaryModels', { list: true }),
    controlModule: ref('LuminaryModules'),
    group: ref('Groups'),
    status: oneOf(DEVICE_STATUSES, { list: true }),
    location: point(),
    description: text({ max: 2000 }),
    maxLumen: int({ min: 0 }),
    colorTemperature: int({ min: 1000, max: 10000 }),
    minPowerLevel: int({ min: 0, max: 100 }),
    maxPowerLevel: int({ min: 0, max: 100 }),
    warrantedHours: int({ min: 0 }),
    driverModelName: text(),
    installationDate: day(),
    brightness: int({ min: 0, max: 100 }),
    profileGroup: ref('GroupControl'),
  },
});
