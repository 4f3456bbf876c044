import { describe, expect, it } from 'vitest';
import { lampFaultCode, MODULE_REPORTED_CODES, STATUS_COLOURS, statusMeaning } from './status.ts';

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

  it('colours off and unknown grey (unknown lighter, to tell them apart), on green, offline amber, broken red', () => {
    const grey = (c: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
      return Math.max(r!, g!, b!) - Math.min(r!, g!, b!) < 16;
    };
    expect(grey(STATUS_COLOURS.off) && grey(STATUS_COLOURS.unknown)).toBe(true);
    expect(new Set(Object.values(STATUS_COLOURS)).size).toBe(5);
  });
});

describe('what a module reports', () => {
  it('is a code of spec §4 that is neither offline nor unknown: the server decides those', () => {
    expect(MODULE_REPORTED_CODES.map(statusMeaning)).not.toContain('offline');
    expect(MODULE_REPORTED_CODES.map(statusMeaning)).not.toContain('unknown');
  });

  it('gives a lamp fault as 4096 switched off and 4097 switched on, both broken', () => {
    expect([lampFaultCode(false), lampFaultCode(true)]).toEqual([4096, 4097]);
    expect(MODULE_REPORTED_CODES).toEqual(expect.arrayContaining([4096, 4097]));
  });
});
