import { defineEntity } from '../entity.ts';
import { EVENT_STATUSES, EVENT_TYPES } from '../status.ts';
import { int, oneOf, ref, timestamp } from '../fields.ts';

export const ImportantEvents = defineEntity({
  name: 'ImportantEvents',
  label: { 'en-us': 'Important events', ru: 'Важные события' },
  aliases: ['important-events', 'events'],
  area: 'LuminaryModules',
  groupField: 'group',
  titleField: 'type',
  fields: {
    type: oneOf(EVENT_TYPES, { required: true, list: true }),
    status: oneOf(EVENT_STATUSES, { default: 'OPEN', list: true }),
    openDate: timestamp({ list: true }),
    closeDate: timestamp(),
    module: ref('LuminaryModules', { list: true }),
    socket: int({ min: 0, max: 15 }),
    support: ref('LuminarySupports', { list: true }),
    group: ref('Groups'),
  },
});
