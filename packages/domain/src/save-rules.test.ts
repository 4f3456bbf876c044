import { describe, expect, it } from 'vitest';
import { applySaveRules, toPoint } from './save-rules.ts';
import { LuminarySupports } from './entities/luminary-supports.ts';
import type { Entity } from './entity.ts';
import { int, list, object, ref, refs, text } from './fields.ts';

// every kind of field the rules treat apart, in one made-up entity
const Sample = {
  ...LuminarySupports,
  fields: {
    code: text({ canonical: (v: string) => v.toUpperCase() }),
    cabinet: ref('Cabinets'),
    cabinets: refs('Cabinets'),
    count: int(),
    state: text({ readOnly: true }),
    parts: list(ref('Luminaries')),
    inner: object({ createdAt: text(), cabinet: ref('Cabinets') }),
  },
} as Entity;

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

  it('treats each kind of field by its own rule', () => {
    const body = {
      code: 'ab-1',
      cabinet: 4,
      cabinets: [{ _id: 1 }, 2],
      count: 5,
      state: 'ON',
      parts: [{ _id: 7 }],
      inner: { createdAt: 'kept below the top', cabinet: { _id: 3 } },
      extra: 'x',
    };
    expect(applySaveRules(Sample, body, 'create')).toEqual({
      code: 'AB-1',
      cabinet: 4,
      cabinets: [1, 2],
      count: 5,
      parts: [7],
      inner: { createdAt: 'kept below the top', cabinet: 3 },
      extra: 'x',
    });
    // a value of the wrong type is left for the schema to refuse, not turned by the field's rule
    expect(applySaveRules(Sample, { code: 12, cabinets: 'none', parts: 'none' }, 'create')).toEqual({
      code: 12,
      cabinets: 'none',
      parts: 'none',
    });
  });

  it('drops an undefined value even on a patch, where null clears', () => {
    expect(applySaveRules(Sample, { code: undefined, count: null }, 'patch')).toEqual({ count: null });
  });

  it('takes a point only from two coordinates, and leaves anything else for the schema', () => {
    expect(toPoint(null)).toBe(null);
    expect(toPoint({ x: 1 })).toEqual({ x: 1 });
    expect(toPoint([1, 2, 3])).toEqual([1, 2, 3]);
    expect(toPoint({ coordinates: [undefined, undefined] })).toBeUndefined();
    expect(toPoint({ lat: '', lng: '' })).toBeUndefined();
    expect(toPoint({ lat: 1, lng: 2 })).toEqual({ type: 'Point', coordinates: [2, 1] });
  });
});
