import { defineEntity } from '../entity.ts';
import { ref, refs, text } from '../fields.ts';

/** A repair crew: the users who go out to the devices of their group's work orders. */
export const Crews = defineEntity({
  name: 'Crews',
  label: { 'en-us': 'Crews', ru: 'Бригады' },
  labelOne: { 'en-us': 'Crew', ru: 'Бригада' },
  aliases: ['crews'],
  area: 'Crews',
  groupField: 'group',
  uniqueTogether: [['group', 'name']],
  fields: {
    name: text({ required: true, search: true, list: true }),
    group: ref('Groups', { list: true }),
    members: refs('Users', { list: true }),
    phone: text({ max: 64, list: true }),
  },
});
