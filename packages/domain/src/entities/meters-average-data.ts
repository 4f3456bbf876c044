import { defineEntity } from '../entity.ts';
import { float, ref, timestamp } from '../fields.ts';

export const MetersAverageData = defineEntity({
  name: 'MetersAverageData',
  label: { 'en-us': 'Meter average data', ru: 'Усреднённые данные счётчиков' },
  labelOne: { 'en-us': 'Meter average data', ru: 'Усреднённые данные счётчика' },
  aliases: ['meters-average-data'],
  area: 'MetersAverageData',
  groupField: 'group',
  titleField: 'date',
  fields: {
    meter: ref('Meters', { required: true, list: true }),
    date: timestamp({ required: true, list: true }),
    group: ref('Groups'),
    // active (a) and reactive (r) energy, imported (P) and exported (M), in the hour; empty where the meter has no
    // such register
    naP: float({ list: true, show: { unit: 'kWh', decimals: 3 } }),
    naM: float({ list: true, show: { unit: 'kWh', decimals: 3 } }),
    nrP: float({ list: true, show: { unit: 'kvarh', decimals: 3 } }),
    nrM: float({ list: true, show: { unit: 'kvarh', decimals: 3 } }),
  },
  uniqueTogether: [['meter', 'date']],
});
