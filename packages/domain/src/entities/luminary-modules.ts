import { defineEntity } from '../entity.ts';
import * as by from './device-filters.ts';
import { DEVICE_STATUSES } from '../status.ts';
import { float, int, json, oneOf, oneOfInt, point, ref, text, timestamp } from '../fields.ts';

export const MAC = /^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){3,7}$/;
/** `aa:bb:…`, `AA-BB-…` and `AABB…` are one MAC, stored as the field speaks it: bare hex, upper-case. */
export const canonicalMac = (v: string) => v.replace(/[:-]/g, '').toUpperCase();

/** A device's MAC: unique, and stored in the form the field speaks whichever way it is written. */
export const macAddress = () =>
  text({
    required: true,
    unique: true,
    search: true,
    find: true,
    list: true,
    pattern: MAC,
    canonical: canonicalMac,
  });

export const LuminaryModules = defineEntity({
  name: 'LuminaryModules',
  label: { 'en-us': 'Control modules', ru: 'Модули управления' },
  labelOne: { 'en-us': 'Control module', ru: 'Модуль управления' },
  aliases: ['lamp-modules', 'luminary-modules', 'modules'],
  area: 'LuminaryModules',
  groupField: 'group',
  titleField: 'mac',
  // its street and cabinet are its mounting's
  filters: { state: by.state(), street: by.street(), cabinet: by.cabinet() },
  fields: {
    mac: macAddress(),
    uid: text({ search: true, find: true, max: 64 }),
    controller: ref('Controllers', { list: true, filter: true }),
    phase: oneOfInt([1, 2, 3], { list: true, filter: true, show: { rule: 'phase' } }),
    location: point(),
    // the district its location lies in, placed by the server
    district: ref('Districts', { readOnly: true }),
    group: ref('Groups'),
    segment: int({ min: 0 }),
    city: ref('Cities'),
    luminarySupport: ref('LuminarySupports'),
    profileId: ref('Profiles'),
    height: float({ min: 0, max: 100, show: { unit: 'm' } }),
    status: oneOf(DEVICE_STATUSES),
    // reported by the device
    cl_status: int({ readOnly: true, list: true, index: true }),
    pwm: int({ readOnly: true, show: { unit: 'percent' } }),
    pow: float({ readOnly: true, show: { unit: 'W', decimals: 1 } }),
    lux: float({ readOnly: true, show: { unit: 'lx', decimals: 1 } }),
    temp: float({ readOnly: true, show: { unit: 'degC', decimals: 1 } }),
    // Wh, shown in kWh (spec §9)
    energy: float({ readOnly: true, show: { unit: 'kWh', divisor: 1000 } }),
    runh: float({ readOnly: true, show: { unit: 'h', decimals: 0 } }),
    lpwm: int({ readOnly: true, show: { unit: 'percent' } }),
    cpwm: int({ readOnly: true, show: { unit: 'percent' } }),
    rssi: int({ readOnly: true, show: { unit: 'dBm' } }),
    twil: int({ readOnly: true, show: { rule: 'twilight' } }),
    raw: json({ readOnly: true, rawData: true }),
    lastReceivedAt: timestamp({ readOnly: true }),
  },
});
