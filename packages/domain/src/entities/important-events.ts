import { defineEntity } from '../entity.ts';
import { EVENT_STATUSES, EVENT_TYPES, SPEC_EVENT_TYPES } from '../status.ts';
import { bool, int, oneOf, oneOfInt, ref, text, timestamp } from '../fields.ts';

export const ImportantEvents = defineEntity({
  name: 'ImportantEvents',
  label: { 'en-us': 'Important events', ru: 'Важные события' },
  labelOne: { 'en-us': 'Important event', ru: 'Важное событие' },
  aliases: ['important-events', 'events'],
  area: 'LuminaryModules',
  groupField: 'group',
  titleField: 'type',
  history: true,
  fields: {
    type: oneOf(EVENT_TYPES, { required: true, list: true }),
    status: oneOf(EVENT_STATUSES, { default: 'OPEN', list: true }),
    openDate: timestamp({ list: true }),
    closeDate: timestamp(),
    module: ref('LuminaryModules', { list: true }),
    socket: int({ min: 0, max: 15 }),
    support: ref('LuminarySupports', { list: true }),
    group: ref('Groups'),
    controller: ref('Controllers', { list: true }),
    cabinet: ref('Cabinets'),
    // a tripped breaker's phase
    phase: oneOfInt([1, 2, 3], { show: { rule: 'phase' } }),
    // the device the event is about, as `module:12`, `cabinet:3:2`: one open event per device and type
    device: text({ readOnly: true, max: 64 }),
    // the controller outage its module's event is part of
    cause: ref('ImportantEvents'),
    comment: text({ max: 2000 }),
    // who solved it by hand (none: its condition cleared)
    solvedBy: ref('Users', { readOnly: true }),
    // solved by hand while its condition still held: no new event for the device until the condition clears
    heldUntilClear: bool({ readOnly: true }),
  },
  // a solve by hand keeps the device's place until the condition clears: a detection racing the solve cannot open
  // a second event beside it
  uniqueWhere: [{ key: ['type', 'device'], where: { status: 'OPEN' }, orFlag: 'heldUntilClear' }],
  defaultFilters: { status: ['OPEN'], type: SPEC_EVENT_TYPES },
});
