import { defineEntity } from '../entity.ts';
import { text } from '../fields.ts';

export const Vendors = defineEntity({
  name: 'Vendors',
  label: { 'en-us': 'Vendors', ru: 'Производители' },
  aliases: ['vendors'],
  area: 'LuminaryModels',
  fields: {
    name: text({ required: true, unique: true, search: true, list: true }),
  },
});
