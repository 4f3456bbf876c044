import { defineEntity } from '../entity.ts';
import { day, object, oneOfInt, ref } from '../fields.ts';
import { TWILIGHT_CODES } from '../astro/twilight-methods.ts';

/** Which profile and twilight setting apply on a given date. */
export const Categories = defineEntity({
  name: 'Categories',
  label: { 'en-us': 'Day categories', ru: 'Категории дней' },
  labelOne: { 'en-us': 'Day category', ru: 'Категория дней' },
  aliases: ['categories'],
  area: 'Categories',
  groupField: 'group',
  titleField: 'date',
  fields: {
    date: day({ required: true, list: true }),
    group: ref('Groups'),
    settings: object(
      { twil: oneOfInt(TWILIGHT_CODES, { show: { rule: 'twilight' } }), profile: ref('Profiles') },
      { list: true },
    ),
  },
  uniqueTogether: [['group', 'date']],
});
