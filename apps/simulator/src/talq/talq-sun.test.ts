import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { litBySun } from './talq-gateway.ts';

// SunCalc's own sunrise and sunset for one day and place (the upper limb at -0.833°), as the shared data holds them
const fixture = JSON.parse(
  readFileSync(
    new URL('../../../../inventories/twilight/suncalc_test_fixture.json', import.meta.url),
    'utf8',
  ),
) as { lat: number; lng: number; times_utc: { sunrise: string; sunset: string } };

const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000);

it('lights the TALQ gateway lamps from sunset to sunrise, not minutes before sunset or after sunrise', () => {
  const { lat, lng, times_utc: t } = fixture;
  // the sun is about 0.4° above -0.833° two minutes before sunset: still day
  expect(litBySun(minutes(t.sunset, -2), lat, lng)).toBe(false);
  expect(litBySun(minutes(t.sunset, 2), lat, lng)).toBe(true);
  expect(litBySun(minutes(t.sunrise, -2), lat, lng)).toBe(true);
  expect(litBySun(minutes(t.sunrise, 2), lat, lng)).toBe(false);
});

it('keeps them lit through a polar night and dark through a polar day (Tromsø)', () => {
  const [lat, lon] = [69.65, 18.96];
  expect(litBySun(new Date('2026-12-21T11:00:00Z'), lat, lon)).toBe(true);
  expect(litBySun(new Date('2026-06-21T23:00:00Z'), lat, lon)).toBe(false);
});
