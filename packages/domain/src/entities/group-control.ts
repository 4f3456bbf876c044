import { defineEntity } from '../entity.ts';
import { int, ref, text } from '../fields.ts';

export const GroupControl = defineEntity({
  name: 'GroupControl',
  label: { 'en-us': 'Group control', ru: 'Групповое управление' },
  labelOne: { 'en-us': 'Group control', ru: 'Групповое управление' },
  aliases: ['group-control'],
  area: 'GroupControl',
  groupField: 'group',
  fields: {
    name: text({ required: true, search: true, list: true }),
    // the group number the modules answer to on the radio network
    id: int({ required: true, min: 0, max: 65535, list: true }),
    group: ref('Groups'),
  },
  uniqueTogether: [['group', 'id']],
});
