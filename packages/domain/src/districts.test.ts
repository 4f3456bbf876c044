import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaOf, districtFinder, isArea, type DistrictArea } from './districts.ts';

const square = (w: number, s: number, e: number, n: number): DistrictArea => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});

describe('districts', () => {
  it('accepts closed polygons and multipolygons only', () => {
    expect(isArea(square(0, 0, 1, 1))).toBe(true);
    expect(isArea({ type: 'MultiPolygon', coordinates: [square(0, 0, 1, 1).coordinates] })).toBe(true);
    expect(
      isArea({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      }),
    ).toBe(false);
    expect(isArea({ type: 'Point', coordinates: [0, 0] })).toBe(false);
    expect(
      isArea({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [200, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }),
    ).toBe(false);
    expect(isArea('x')).toBe(false);
  });

  it('finds the district of a point, within the city asked', () => {
    const find = districtFinder([
      { _id: 1, city: 10, boundary: square(0, 0, 1, 1) },
      { _id: 2, city: 20, boundary: square(0, 0, 1, 1) },
      { _id: 3, city: 10, boundary: square(1, 0, 2, 1) },
    ]);
    expect(find(0.5, 0.5, 10)).toBe(1);
    expect(find(0.5, 0.5, 20)).toBe(2);
    expect(find(1.5, 0.5, 10)).toBe(3);
    expect(find(5, 5, 10)).toBeNull();
  });

  it("places the demo city's street lights in their neighbourhood, as the city's own file numbers them", () => {
    const dir = new URL('../../../inventories/', import.meta.url);
    const hoods = JSON.parse(readFileSync(new URL('basemap/cambridge/neighborhoods.geojson', dir), 'utf8'));
    const lights = JSON.parse(readFileSync(new URL('cambridge_ma_street_lights.geojson', dir), 'utf8'));
    const find = districtFinder(
      hoods.features.map((f: { properties: { N_HOOD: string }; geometry: DistrictArea }) => ({
        _id: Number(f.properties.N_HOOD),
        city: null,
        boundary: f.geometry,
      })),
    );
    let same = 0;
    let numbered = 0;
    for (const f of lights.features) {
      const n = Number(f.properties.Neighborhood);
      if (!n) continue;
      numbered += 1;
      if (find(f.geometry.coordinates[0], f.geometry.coordinates[1]) === n) same += 1;
    }
    expect(hoods.features).toHaveLength(13);
    // a pole on a boundary street may sit a metre over the line the city drew
    expect(same / numbered).toBeGreaterThan(0.95);
  });
});

describe('an area drawn on the map', () => {
  it('closes its ring and holds the points inside it, not those in its box outside it', () => {
    // a triangle: its box's corner (0.9, 0.9) lies outside it
    const { box, contains } = areaOf([
      [0, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(box).toEqual([0, 0, 1, 1]);
    expect(contains(0.2, 0.2)).toBe(true);
    expect(contains(0.9, 0.9)).toBe(false);
    expect(contains(2, 0.5)).toBe(false);
  });
});
