import { describe, expect, it } from 'vitest';
import { at, sibling } from './paths.ts';

describe('form paths', () => {
  it('finds the field beside one, at the top and nested', () => {
    expect(sibling('timezone', 'lat')).toBe('lat');
    expect(sibling('city.timezone', 'lat')).toBe('city.lat');
    expect(at({ city: { lat: 52 } }, 'city.lat')).toBe(52);
    expect(at({ login: 'a' }, 'login')).toBe('a');
    expect(at({}, 'city.lat')).toBeUndefined();
  });
});
