import { defineEntity } from '../entity.ts';
import { float, object, text } from '../fields.ts';

export const Cities = defineEntity({
  name: 'Cities',
  label: { 'en-us': 'Cities', ru: 'Города' },
  aliases: ['cities'],
  area: 'Cities',
  fields: {
    // per language, plus the local spelling and an international (Latin) one
    name: object(
      { 'en-us': text(), ru: text(), local: text(), int: text() },
      { required: true, search: true, list: true },
    ),
    lat: float({ required: true, min: -90, max: 90, list: true }),
    lon: float({ required: true, min: -180, max: 180, list: true }),
    timezone: text({ list: true, max: 64 }),
  },
});
