import { defineEntity } from '../entity.ts';
import { bool, int, object, oneOf, point, ref, text, timestamp } from '../fields.ts';

export const CABINET_DOOR = ['DOOR_OPEN', 'DOOR_CLOSED'] as const;
export const CABINET_MODES = ['AUTO', 'MANUAL'] as const;
const phases = () => object({ A: bool(), B: bool(), C: bool() }, { readOnly: true, filter: true });

export const Cabinets = defineEntity({
  name: 'Cabinets',
  label: { 'en-us': 'Cabinets', ru: 'Шкафы управления' },
  labelOne: { 'en-us': 'Cabinet', ru: 'Шкаф управления' },
  aliases: ['cabinets'],
  area: 'Cabinets',
  groupField: 'group',
  fields: {
    uid: text({ required: true, unique: true, search: true, find: true, list: true, max: 64 }),
    address: text({ search: true, find: true, list: true }),
    meter: ref('Meters', { list: true }),
    controller: ref('Controllers', { list: true }),
    location: point(),
    // the district its location lies in, placed by the server
    district: ref('Districts', { readOnly: true }),
    group: ref('Groups'),
    city: ref('Cities'),
    // contactor outputs wired inverted, per phase
    inversion: object({ A: bool(), B: bool(), C: bool() }, { default: { A: false, B: false, C: false } }),
    // a cabinet reports nothing itself: its controller's state, and its controller's inputs and outputs as wired
    // (polarity and inversion applied), kept in its row by the database (db/cabinet-io.ts)
    cl_status: int({ readOnly: true, list: true }),
    // its controller's, filled in when read
    lastReceivedAt: timestamp({ derived: true, readOnly: true }),
    door: oneOf(CABINET_DOOR, { readOnly: true, filter: true }),
    mode: oneOf(CABINET_MODES, { readOnly: true, filter: true }),
    breakersOn: phases(),
    lampsFed: phases(),
  },
});
