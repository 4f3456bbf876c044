import { defineEntity } from '../entity.ts';
import { bool, int, object, oneOf, point, ref, text, timestamp } from '../fields.ts';

export const CABINET_DOOR = ['DOOR_OPEN', 'DOOR_CLOSED'] as const;
export const CABINET_MODES = ['AUTO', 'MANUAL'] as const;
const phases = () => object({ A: bool(), B: bool(), C: bool() }, { derived: true, readOnly: true });

export const Cabinets = defineEntity({
  name: 'Cabinets',
  label: { 'en-us': 'Cabinets', ru: 'Шкафы управления' },
  aliases: ['cabinets'],
  area: 'Cabinets',
  groupField: 'group',
  fields: {
    uid: text({ required: true, unique: true, search: true, list: true, max: 64 }),
    address: text({ search: true, list: true }),
    meter: ref('Meters', { list: true }),
    controller: ref('Controllers', { list: true }),
    location: point(),
    // the district its location lies in, placed by the server
    district: ref('Districts', { readOnly: true }),
    group: ref('Groups'),
    city: ref('Cities'),
    // contactor outputs wired inverted, per phase
    inversion: object({ A: bool(), B: bool(), C: bool() }, { default: { A: false, B: false, C: false } }),
    // when the cabinet reports nothing itself, its controller's state (filled in when read)
    cl_status: int({ readOnly: true, list: true }),
    lastReceivedAt: timestamp({ readOnly: true }),
    // its controller's inputs and outputs as wired (polarity and inversion applied), read with the cabinet
    door: oneOf(CABINET_DOOR, { derived: true, readOnly: true }),
    mode: oneOf(CABINET_MODES, { derived: true, readOnly: true }),
    breakersOn: phases(),
    lampsFed: phases(),
  },
});
