import { defineEntity } from '../entity.ts';
import { text } from '../fields.ts';

export const Types = defineEntity({
  name: 'Types',
  label: { 'en-us': 'Road types', ru: 'Типы дорог' },
  aliases: ['types'],
  area: 'Types',
  fields: {
    name: text({ required: true, unique: true, search: true, list: true }),
  },
});
