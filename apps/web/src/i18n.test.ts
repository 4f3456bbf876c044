import { describe, expect, it } from 'vitest';
import { MESSAGES } from './i18n.ts';

describe('console messages', () => {
  it('has every key in both languages, translated', () => {
    const en = MESSAGES['en-us'];
    const ru = MESSAGES.ru;
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(ru[key], key).not.toBe(en[key]);
  });
});
