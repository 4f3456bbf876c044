import { describe, expect, it } from 'vitest';
import { lngLat, pointPlace } from './lng-lat.ts';

describe('a place a map can show', () => {
  it('takes finite numbers within ±180 and ±90, edges included', () => {
    expect(lngLat(-71.1, 42.37)).toEqual([-71.1, 42.37]);
    expect(lngLat(180, -90)).toEqual([180, -90]);
    expect(lngLat(-180, 90)).toEqual([-180, 90]);
  });

  it('refuses a latitude past a pole, a longitude past the date line, and what is not a finite number', () => {
    expect(lngLat(10, 95)).toBeUndefined();
    expect(lngLat(10, -90.000001)).toBeUndefined();
    expect(lngLat(180.5, 10)).toBeUndefined();
    expect(lngLat(Infinity, 10)).toBeUndefined();
    expect(lngLat(10, Number.NaN)).toBeUndefined();
    expect(lngLat('10', 20)).toBeUndefined();
    expect(lngLat(10, null)).toBeUndefined();
  });

  it('reads a GeoJSON Point, and nothing from a broken one', () => {
    expect(pointPlace({ type: 'Point', coordinates: [-71.1, 42.37] })).toEqual([-71.1, 42.37]);
    expect(pointPlace({ type: 'Point', coordinates: [-71.1, 95] })).toBeUndefined();
    expect(pointPlace({ type: 'Point', coordinates: 'x' })).toBeUndefined();
    expect(pointPlace({ type: 'Point' })).toBeUndefined();
    expect(pointPlace(null)).toBeUndefined();
    expect(pointPlace(undefined)).toBeUndefined();
  });
});
