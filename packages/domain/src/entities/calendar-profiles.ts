import { defineEntity } from '../entity.ts';
import { DAY_TYPES } from '../status.ts';
import { day, oneOf, ref, text } from '../fields.ts';

/** Day types of the calendar. */
export const CalendarProfiles = defineEntity({
  name: 'CalendarProfiles',
  label: { 'en-us': 'Calendar day types', ru: 'Типы дней календаря' },
  labelOne: { 'en-us': 'Calendar day type', ru: 'Тип дня календаря' },
  aliases: ['calendar-profiles'],
  area: 'CalendarProfiles',
  groupField: 'group',
  titleField: 'date',
  fields: {
    date: day({ required: true, list: true }),
    type: oneOf(DAY_TYPES, { required: true, list: true }),
    label: text({ search: true, list: true }),
    group: ref('Groups'),
  },
  uniqueTogether: [['group', 'date']],
});
