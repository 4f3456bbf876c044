import { describe, expect, it } from 'vitest';
import { areaOfGeoJson, isArea, outlineOf } from './district-area.ts';

const ring = (x: number) => [
  [x, 0],
  [x + 1, 0],
  [x + 1, 1],
  [x, 0],
];
const polygon = (x: number) => ({ type: 'Polygon', coordinates: [ring(x)] });
const feature = (geometry: unknown) => ({ type: 'Feature', properties: { name: 'a' }, geometry });

describe('a district boundary out of a GeoJSON file', () => {
  it('takes a polygon or multipolygon, bare or in a feature, without the rest of the document', () => {
    expect(areaOfGeoJson(polygon(0))).toEqual(polygon(0));
    expect(areaOfGeoJson({ ...polygon(0), bbox: [0, 0, 1, 1] })).toEqual(polygon(0));
    expect(areaOfGeoJson(feature(polygon(2)))).toEqual(polygon(2));
    const multi = { type: 'MultiPolygon', coordinates: [[ring(0)], [ring(5)]] };
    expect(areaOfGeoJson(feature(multi))).toEqual(multi);
  });

  it('joins the areas of a collection into one multipolygon, and keeps a single one a polygon', () => {
    expect(areaOfGeoJson({ type: 'FeatureCollection', features: [feature(polygon(0))] })).toEqual(polygon(0));
    const joined = areaOfGeoJson({
      type: 'FeatureCollection',
      features: [feature(polygon(0)), feature({ type: 'MultiPolygon', coordinates: [[ring(3)], [ring(6)]] })],
    });
    expect(joined).toEqual({ type: 'MultiPolygon', coordinates: [[ring(0)], [ring(3)], [ring(6)]] });
    expect(isArea(joined)).toBe(true);
  });

  it('finds none in a point, a line, an empty or mixed collection, an open ring, or no GeoJSON at all', () => {
    for (const doc of [
      { type: 'Point', coordinates: [0, 0] },
      feature({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      }),
      { type: 'FeatureCollection', features: [] },
      {
        type: 'FeatureCollection',
        features: [feature(polygon(0)), feature({ type: 'Point', coordinates: [0, 0] })],
      },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 91],
            [0, 0],
          ],
        ],
      },
      null,
      'text',
      42,
    ])
      expect(areaOfGeoJson(doc), JSON.stringify(doc)).toBeUndefined();
  });

  it('closes an outline of three or more clicked points, and makes none of fewer', () => {
    expect(
      outlineOf([
        [0, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
    expect(
      outlineOf([
        [0, 0],
        [1, 0],
      ]),
    ).toBeUndefined();
    expect(outlineOf([])).toBeUndefined();
  });
});
