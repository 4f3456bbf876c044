import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ambientLux } from './sun.ts';

const shared = (name: string) =>
  readFileSync(new URL(`../../../inventories/twilight/${name}`, import.meta.url), 'utf8');
const fixture = JSON.parse(shared('suncalc_test_fixture.json')) as {
  date: string;
  lat: number;
  lng: number;
  times_utc: Record<string, string>;
};

describe('the light sensor', () => {
  const { lat, lng } = fixture;
  const noon = new Date(`${fixture.date}T12:00:00Z`);

  it('reads bright at noon and dark at midnight', () => {
    expect(ambientLux(noon, lat, lng)).toBeGreaterThan(10_000);
    expect(ambientLux(new Date(`${fixture.date}T22:00:00Z`), lat, lng)).toBeLessThan(1);
  });
});
