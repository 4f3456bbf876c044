import { defineEntity } from '../entity.ts';
import { DEVICE_STATUSES } from '../status.ts';
import { float, int, json, oneOf, oneOfInt, point, ref, text, timestamp } from '../fields.ts';

export const MAC = /^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){3,7}$/;
/** `aa:bb:…`, `AA-BB-…` and `AABB…` are one MAC, stored as the field speaks it: bare hex, upper-case. */
export const canonicalMac = (v: string) => v.replace(/[:-]/g, '').toUpperCase();

/** A device's MAC: unique, and stored in the form the field speaks whichever way it is written. */
export const macAddress = () =>
  text({ required: true, unique: true, search: true, list: true, pattern: MAC, canonical: canonicalMac });

export const LuminaryModules = defineEntity({
  name: 'LuminaryModules',
  label: { 'en-us': 'Control modules', ru: 'Модули управления' },
  aliases: ['lamp-modules', 'luminary-modules', 'modules'],
  area: 'LuminaryModules',
  groupField: 'group',
  titleField: 'mac',
  fields: {
    mac: macAddress(),
    uid: text({ search: true, max: 64 }),
    controller: ref('Controllers', { list: true }),
    phase: oneOfInt([1, 2, 3], { list: true }),
    location: point(),
    group: ref('Groups'),
    segment: int({ min: 0 }),
    city: ref('Cities'),
    luminarySupport: ref('LuminarySupports'),
    profileId: ref('Profiles'),
    height: float({ min: 0, max: 100 }),
    status: oneOf(DEVICE_STATUSES),
    // reported by the device
    cl_status: int({ readOnly: true, list: true, index: true }),
    pwm: int({ readOnly: true }),
    pow: float({ readOnly: true }),
    lux: float({ readOnly: true }),
    temp: float({ readOnly: true }),
    energy: float({ readOnly: true }),
    runh: float({ readOnly: true }),
    lpwm: int({ readOnly: true }),
    cpwm: int({ readOnly: true }),
    rssi: int({ readOnly: true }),
    twil: int({ readOnly: true }),
    raw: json({ readOnly: true }),
    lastReceivedAt: timestamp({ readOnly: true }),
  },
});
