import { defineEntity } from '../entity.ts';
import { ref, text } from '../fields.ts';

export const MeterModels = defineEntity({
  name: 'MeterModels',
  label: { 'en-us': 'Meter models', ru: 'Модели счётчиков' },
  labelOne: { 'en-us': 'Meter model', ru: 'Модель счётчика' },
  aliases: ['meter-models'],
  area: 'Meters',
  fields: {
    name: text({ required: true, search: true, list: true }),
    vendor: ref('Vendors', { required: true, list: true }),
  },
  uniqueTogether: [['vendor', 'name']],
});
