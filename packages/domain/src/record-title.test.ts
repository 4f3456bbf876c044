import { describe, expect, it } from 'vitest';
import { entity } from './registry.ts';
import { recordTitle } from './record-title.ts';

describe('a record’s name', () => {
  it('names an event by its type in words, in the user’s language', () => {
    const events = entity('ImportantEvents');
    expect(recordTitle(events, { _id: 7, type: 'LAMP_BROKEN' }, 'en-us')).toBe('Lamp failure');
    expect(recordTitle(events, { _id: 7, type: 'LAMP_BROKEN' }, 'ru')).toBe('Отказ светильника');
  });

  it('keeps a title that is free text as it was typed, even when it spells a known value', () => {
    expect(recordTitle(entity('Vendors'), { _id: 3, name: 'BROKEN' }, 'en-us')).toBe('BROKEN');
  });

  it('names a city in the user’s language, and a record without a title by its number', () => {
    const cities = entity('Cities');
    expect(recordTitle(cities, { _id: 1, name: { 'en-us': 'Springfield', ru: 'Спрингфилд' } }, 'ru')).toBe(
      'Спрингфилд',
    );
    expect(recordTitle(entity('Vendors'), { _id: 3, name: '' }, 'en-us')).toBe('#3');
  });
});
