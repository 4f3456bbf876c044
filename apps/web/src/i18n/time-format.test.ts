import { describe, expect, it } from 'vitest';
import { formatClock, formatInstant } from './time-format.ts';

// Issue 28 §5: one command at 15:54 UTC reads the same on every screen, on the city's clock.
const AT = '2026-11-28T15:54:07Z';
const ZONE = 'America/New_York';

describe('instants on a city’s clock', () => {
  it('writes 12 h with the zone’s abbreviation in en-us', () => {
    expect(formatInstant(AT, 'en-us', ZONE)).toBe('11/28/2026, 10:54 AM EST');
    expect(formatInstant(AT, 'en-us', ZONE, 'seconds')).toBe('11/28/2026, 10:54:07 AM EST');
    expect(formatClock(AT, 'en-us', ZONE)).toBe('10:54 AM');
  });

  it('writes 24 h in ru, the zone in words rather than an offset', () => {
    expect(formatInstant(AT, 'ru', ZONE)).toBe('28.11.2026, 10:54 Восточная Америка');
    expect(formatInstant('2026-11-28T20:54:00Z', 'ru', ZONE)).toMatch(/^28\.11\.2026, 15:54 /);
    expect(formatClock(AT, 'ru', ZONE)).toBe('10:54');
  });

  it('keeps to the browser’s zone for one it does not know, and says nothing of no instant', () => {
    expect(formatInstant(AT, 'en-us', 'Mars/Olympus')).toMatch(/^11\/28\/2026/);
    expect(formatInstant(null, 'ru', ZONE)).toBe('');
    expect(formatInstant('not a time', 'ru', ZONE)).toBe('');
  });
});
