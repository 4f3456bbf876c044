import { describe, expect, it } from 'vitest';
import { AREA_LABELS, AREAS, ENTITIES } from '@sl/domain';
import { RU_FIELD_LABELS } from './field-labels.ts';
import { MESSAGES } from './messages.ts';

describe('console messages', () => {
  it('has every key in both languages, translated', () => {
    const en = MESSAGES['en-us'];
    const ru = MESSAGES.ru;
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(ru[key], key).not.toBe(en[key]);
  });

  it('has a Russian label for every field of every entity', () => {
    const missing = ENTITIES.flatMap((e) =>
      Object.keys(e.fields)
        .filter((f) => !RU_FIELD_LABELS[f])
        .map((f) => `${e.name}.${f}`),
    );
    expect(missing).toEqual([]);
  });

  it('labels every entity in both languages', () => {
    for (const e of ENTITIES) expect(e.label.ru, e.name).not.toBe(e.label['en-us']);
  });

  it('names every access area in both languages', () => {
    // the rights matrix names an area by the entity of that name, or by its own label
    const named = new Set([...ENTITIES.map((e) => e.name), ...Object.keys(AREA_LABELS)]);
    expect(AREAS.filter((a) => !named.has(a))).toEqual([]);
    for (const label of Object.values(AREA_LABELS)) expect(label.ru).not.toBe(label['en-us']);
  });
});
