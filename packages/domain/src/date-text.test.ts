import { describe, expect, it } from 'vitest';
import { formatDateText, parseDateText, parseDayText, parseLocalText, parseTimeText } from './date-text.ts';

describe('dates and times as the chosen language writes them', () => {
  it('writes a day, a time and a local instant in each language', () => {
    expect(formatDateText('day', '2026-01-31', 'ru')).toBe('31.01.2026');
    expect(formatDateText('day', '2026-01-31', 'en-us')).toBe('01/31/2026');
    expect(formatDateText('time', '20:34', 'ru')).toBe('20:34');
    expect(formatDateText('time', '20:34', 'en-us')).toBe('08:34 PM');
    expect(formatDateText('time', '00:05', 'en-us')).toBe('12:05 AM');
    expect(formatDateText('local', '2026-11-23T22:00', 'ru')).toBe('23.11.2026 22:00');
    expect(formatDateText('local', '2026-11-23T22:00', 'en-us')).toBe('11/23/2026 10:00 PM');
    expect(formatDateText('day', null, 'ru')).toBe('');
  });

  it('reads back what it writes, in both languages', () => {
    for (const lang of ['ru', 'en-us'] as const)
      for (const [kind, v] of [
        ['day', '2024-02-29'],
        ['time', '00:00'],
        ['time', '12:00'],
        ['time', '23:59'],
        ['local', '2026-03-29T02:30'],
      ] as const)
        expect(parseDateText(kind, formatDateText(kind, v, lang), lang)).toBe(v);
  });

  it('reads the language order of day and month, and the API form in any language', () => {
    expect(parseDayText('3.1.2026', 'ru')).toBe('2026-01-03');
    expect(parseDayText('3/1/2026', 'en-us')).toBe('2026-03-01');
    expect(parseDayText('2026-03-01', 'ru')).toBe('2026-03-01');
    expect(parseDayText('2026-03-01', 'en-us')).toBe('2026-03-01');
    expect(parseLocalText('23.11.2026, 22:00', 'ru')).toBe('2026-11-23T22:00');
    expect(parseLocalText('11/23/2026 10:00 pm', 'en-us')).toBe('2026-11-23T22:00');
    expect(parseLocalText('2026-11-23T22:00', 'ru')).toBe('2026-11-23T22:00');
    expect(parseTimeText('8:34 p.m.')).toBe('20:34');
    expect(parseTimeText('20.34')).toBe('20:34');
    expect(parseTimeText('12:10 AM')).toBe('00:10');
  });

  it('refuses what is not a day or a time of day', () => {
    for (const bad of ['30.02.2026', '31/01/2026x', '2026-13-01', '', 'tomorrow'])
      expect(parseDayText(bad, 'ru')).toBeNull();
    expect(parseDayText('31/01/2026', 'en-us')).toBeNull();
    expect(parseDayText('01.31.2026', 'ru')).toBeNull();
    for (const bad of ['25:00', '13:00 PM', '0:30 AM', '12:60', '1234', ''])
      expect(parseTimeText(bad)).toBeNull();
    expect(parseLocalText('23.11.2026', 'ru')).toBeNull();
    expect(parseLocalText('2026-11-23T25:00', 'ru')).toBeNull();
  });
});
