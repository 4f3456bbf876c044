import { defineEntity } from '../entity.ts';
import { day, int, object, ref } from '../fields.ts';

/** Which profile and twilight setting apply on a given date. */
export const Categories = defineEntity({
  name: 'Categories',
  label: { 'en-us': 'Day categories', ru: 'Категории дней' },
  aliases: ['categories'],
  area: 'Categories',
  groupField: 'group',
  titleField: 'date',
  fields: {
    date: day({ required: true, list: true }),
    group: ref('Groups'),
    settings: object({ twil: int({ min: 0, max: 133 }), profile: ref('Profiles') }, { list: true }),
  },
  uniqueTogether: [['group', 'date']],
});
