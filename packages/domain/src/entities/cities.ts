import { defineEntity } from '../entity.ts';
import { float, int, object, text } from '../fields.ts';

export const Cities = defineEntity({
  name: 'Cities',
  label: { 'en-us': 'Cities', ru: 'Города' },
  labelOne: { 'en-us': 'City', ru: 'Город' },
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
    // what energy costs and emits here (reports and the dashboard show consumption as money and CO2 too)
    tariff: float({ min: 0, max: 1000 }),
    // the night tariff applies from nightFrom to nightTo (local whole hours); unset, the day tariff applies all day
    nightTariff: float({ min: 0, max: 1000 }),
    nightFrom: int({ min: 0, max: 23, default: 23 }),
    nightTo: int({ min: 0, max: 23, default: 7 }),
    currency: text({ max: 16 }),
    co2Factor: float({ min: 0, max: 5000, show: { unit: 'gPerKwh' } }),
  },
});
