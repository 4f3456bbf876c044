import { describe, expect, it } from 'vitest';
import { codeOfTwilight, fallbacksOf, TWILIGHT_CODES, twilightOfCode } from './twilight-methods.ts';

describe('twilight codes of spec §4', () => {
  it('0..5 are the methods, 128..133 their speed variants, nothing else', () => {
    expect(twilightOfCode(2)).toEqual({ method: 'MID', speed: false });
    expect(twilightOfCode(131)).toEqual({ method: 'CIVIL', speed: true });
    for (const bad of [-1, 6, 50, 100, 127, 134, 2.5]) expect(twilightOfCode(bad)).toBeUndefined();
    for (const code of TWILIGHT_CODES) expect(codeOfTwilight(twilightOfCode(code)!)).toBe(code);
    expect(TWILIGHT_CODES).toEqual([0, 1, 2, 3, 4, 5, 128, 129, 130, 131, 132, 133]);
  });

  it('falls back to the nearest shallower method, down to BORDERS', () => {
    expect(fallbacksOf('END')).toEqual(['NAUTICAL', 'CIVIL', 'MID', 'BORDERS']);
    expect(fallbacksOf('MID')).toEqual(['BORDERS']);
    expect(fallbacksOf('BORDERS')).toEqual([]);
    expect(fallbacksOf('SIMPLE')).toEqual([]);
  });
});
