import { defineEntity } from '../entity.ts';
import { text } from '../fields.ts';

export const LuminarySupportOwners = defineEntity({
  name: 'LuminarySupportOwners',
  label: { 'en-us': 'Mounting owners', ru: 'Владельцы опор' },
  aliases: ['luminary-support-owners'],
  area: 'LuminarySupportOwners',
  fields: {
    name: text({ required: true, unique: true, search: true, list: true }),
  },
});
