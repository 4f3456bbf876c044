import { defineEntity } from '../entity.ts';
import { text } from '../fields.ts';

export const LuminarySupportTypes = defineEntity({
  name: 'LuminarySupportTypes',
  label: { 'en-us': 'Mounting types', ru: 'Типы опор' },
  aliases: ['luminary-support-types'],
  area: 'LuminarySupportTypes',
  fields: {
    name: text({ required: true, unique: true, search: true, list: true }),
  },
});
