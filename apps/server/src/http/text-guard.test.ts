import { describe, expect, it } from 'vitest';
import { unfitText } from './text-guard.ts';

// Where a NUL or half a surrogate pair sits in what a request carried.

describe('unfitText', () => {
  it('names the value by its path, and the object holding a bad key', () => {
    expect(unfitText({ a: { b: ['ok', 'x\u0000'] } }, 'body')).toEqual(['a.b.1']);
    expect(unfitText({ value: { 'k\ud800': 1 } }, 'body')).toEqual(['value']);
    expect(unfitText('lone \udc00', 'file')).toEqual(['file']);
    expect(unfitText({ '\u0000': 1 }, 'query')).toEqual(['query']);
  });

  it('takes whole pairs, text of every script and what is no text', () => {
    expect(unfitText({ a: '\u{1F4A1} улица 街', n: 1, b: true, z: null }, 'body')).toEqual([]);
    expect(unfitText(Buffer.from([0, 0xd8]), 'body')).toEqual([]);
    expect(unfitText(undefined, 'body')).toEqual([]);
  });

  it('walks a body nested deeper than the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const [path, ...more] = unfitText(deep, 'body');
    expect(more).toEqual([]);
    expect(path!.split('.')).toHaveLength(20);
  });
});
