import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('avatar initials', () => {
  it('takes the first letters of two words, or two letters of one', () => {
    expect(initials('ivan.petrov')).toBe('IP');
    expect(initials('Анна Смирнова')).toBe('АС');
    expect(initials('admin')).toBe('AD');
    expect(initials('')).toBe('?');
  });
});
