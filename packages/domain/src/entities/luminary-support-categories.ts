import { defineEntity } from '../entity.ts';
import { text } from '../fields.ts';

export const LuminarySupportCategories = defineEntity({
  name: 'LuminarySupportCategories',
  label: { 'en-us': 'Mounting categories', ru: 'Категории опор' },
  aliases: ['luminary-support-categories'],
  area: 'LuminarySupportCategories',
  fields: {
    name: text({ required: true, unique: true, search: true, list: true }),
  },
});
