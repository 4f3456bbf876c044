import { defineEntity } from '../entity.ts';
import { int, oneOf, text } from '../fields.ts';
import { EVENT_TYPES } from '../status.ts';

const hours = () => int({ min: 1, max: 8760, list: true, show: { unit: 'h' } });

/** A reference book of what goes wrong in the field, each with its service level: hours to repair by priority. */
export const FaultKinds = defineEntity({
  name: 'FaultKinds',
  label: { 'en-us': 'Fault kinds', ru: 'Виды неисправностей' },
  labelOne: { 'en-us': 'Fault kind', ru: 'Вид неисправности' },
  aliases: ['fault-kinds'],
  area: 'FaultKinds',
  fields: {
    name: text({ required: true, unique: true, search: true, list: true }),
    // the event an order of this kind is opened for (one kind per event type)
    eventType: oneOf(EVENT_TYPES, { unique: true, list: true }),
    hoursUrgent: hours(),
    hoursHigh: hours(),
    hoursMedium: hours(),
    hoursLow: hours(),
  },
});
