import { describe, expect, it } from 'vitest';
import { STATUS_COLOURS, statusMeaning } from './status.ts';

describe('cl_status (spec §4)', () => {
  it.each([
    [0, 'off'],
    [2, 'off'],
    [5, 'off'],
    [1, 'on'],
    [3, 'offline'],
    [4, 'broken'],
    [4096, 'broken'],
    [4097, 'broken'],
    [-1, 'unknown'],
    [undefined, 'unknown'],
    [77, 'unknown'],
  ] as const)('%s is %s', (code, meaning) => expect(statusMeaning(code)).toBe(meaning));

  it('colours off and unknown grey, on green, offline amber, broken red', () => {
    expect(STATUS_COLOURS.off).toBe(STATUS_COLOURS.unknown);
    expect(new Set(Object.values(STATUS_COLOURS)).size).toBe(4);
  });
});
