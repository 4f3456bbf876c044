import { describe, expect, it } from 'vitest';
import { featureTexts } from './geojson-features.ts';

describe('featureTexts', () => {
  it('gives each feature of the top-level features array as its own text', () => {
    const doc = JSON.stringify({
      type: 'FeatureCollection',
      name: 'lights "features": [1]',
      features: [
        { type: 'Feature', properties: { a: 'x]},{"y"', b: [1, { c: 2 }] }, geometry: null },
        { type: 'Feature', properties: { features: [3] } },
      ],
      crs: { features: [] },
    });
    const texts = [...featureTexts(doc)];
    expect(texts.map((t) => JSON.parse(t))).toEqual(JSON.parse(doc).features);
  });

  it('stops where its reader stops: millions of features are never all taken', () => {
    const doc = `{"features":[${'{},'.repeat(3_000_000)}{}]}`;
    let n = 0;
    for (const _ of featureTexts(doc)) if (++n > 10) break;
    expect(n).toBe(11);
  });

  it('refuses what is no FeatureCollection', () => {
    for (const bad of ['{"type":"Feature"}', '[1,2]', '{"features":[{}', '{"features":["a]}'])
      expect(() => [...featureTexts(bad)]).toThrow();
    expect([...featureTexts('{"features":[]}')]).toEqual([]);
  });
});
