import { describe, expect, it } from 'vitest';
import { applySaveRules, toPoint } from './save-rules.ts';
import { LuminarySupports } from './entities/luminary-supports.ts';

describe('save rules (spec §5)', () => {
  it('keeps ids of linked objects, drops empties, type names and server fields', () => {
    const out = applySaveRules(
      LuminarySupports,
      {
        uid: 'P1',
        street: '',
        cabinet: { _id: 4, uid: 'SH' },
        sockets: [{ luminary: { _id: 9 }, pwm: 50, __typename: 'Socket' }],
        createdAt: 'x',
        lastReceivedAt: 'y',
        __typename: 'LuminarySupport',
        comment: null,
      },
      'create',
    );
    expect(out).toEqual({ uid: 'P1', cabinet: 4, sockets: [{ luminary: 9 }] });
  });

  it('keeps null on a patch, so a field can be cleared', () => {
    expect(applySaveRules(LuminarySupports, { comment: null }, 'patch')).toEqual({ comment: null });
  });

  it('turns locations into rounded GeoJSON Points', () => {
    expect(toPoint({ coordinates: [1.23456789, 2.3456789] })).toEqual({
      type: 'Point',
      coordinates: [1.234568, 2.345679],
    });
    expect(toPoint({ lat: 1, lon: 2 })).toEqual({ type: 'Point', coordinates: [2, 1] });
    expect(toPoint([3, 4])).toEqual({ type: 'Point', coordinates: [3, 4] });
    expect(toPoint('nowhere')).toBe('nowhere');
  });

  it('saves a point with no coordinate as no location, and keeps a half one for the schema to refuse', () => {
    const empty = { uid: 'P1', location: { coordinates: [null, null] } };
    expect(applySaveRules(LuminarySupports, empty, 'create')).toEqual({ uid: 'P1' });
    expect(applySaveRules(LuminarySupports, empty, 'patch')).toEqual({ uid: 'P1', location: null });
    expect(toPoint({ coordinates: [null, 5] })).toEqual({ type: 'Point', coordinates: [null, 5] });
  });
});
