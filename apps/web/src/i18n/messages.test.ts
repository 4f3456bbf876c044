import { describe, expect, it } from 'vitest';
import {
  AREA_LABELS,
  AREAS,
  ENTITIES,
  fieldLabel,
  RU_FIELD_LABELS,
  VALUE_MESSAGES,
  type Field,
} from '@sl/domain';
import { MAP_MESSAGES } from '../screens/map/map-messages.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { LOGIN_MESSAGES } from './login-messages.ts';
import { MAP_LOCALE } from './map-locale.ts';
import { MESSAGES } from './messages.ts';

type Found = { path: string; field: Field; name: string };
/** Every field of the registry, nested ones too (object sub-fields, list items), with its path. */
function everyField(): Found[] {
  const out: Found[] = [];
  const visit = (path: string, name: string, field: Field) => {
    out.push({ path, field, name });
    // the rights matrix names its areas and flags itself
    if (path === 'Roles.accessRights') return;
    if (field.kind === 'object')
      for (const [k, f] of Object.entries(field.fields)) visit(`${path}.${k}`, k, f);
    if (field.kind === 'list') visit(`${path}[]`, name, field.of);
  };
  for (const e of ENTITIES) for (const [k, f] of Object.entries(e.fields)) visit(`${e.name}.${k}`, k, f);
  return out;
}

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

  it('has a Russian label for every nested field (object sub-fields, list items)', () => {
    const missing = everyField()
      .filter((f) => f.path.includes('.', f.path.indexOf('.') + 1) || f.path.endsWith('[]'))
      .filter((f) => !RU_FIELD_LABELS[f.name])
      .map((f) => f.path);
    expect(missing).toEqual([]);
  });

  it('names every enum value in both languages, and shows every numbered choice by a rule', () => {
    const en: Record<string, string> = MESSAGES['en-us'];
    const ru: Record<string, string> = MESSAGES.ru;
    const unnamed = everyField().flatMap(({ path, field }) =>
      field.kind === 'enum'
        ? field.values.filter((v) => !en[v] || !ru[v] || en[v] === ru[v]).map((v) => `${path}=${v}`)
        : field.kind === 'intEnum' && !field.show
          ? [path]
          : [],
    );
    expect(unnamed).toEqual([]);
  });

  it('writes every Russian field label and value name in Russian, bar international codes', () => {
    const cyrillic = /[а-яё]/i;
    const codes = ['Telegram', 'UID', 'MAC', 'IMEI', 'A+', 'A−', 'R+', 'R−'];
    const latin = [
      ...Object.entries(RU_FIELD_LABELS),
      ...Object.entries(VALUE_MESSAGES.ru as Record<string, string>),
    ]
      .filter(([, text]) => !cyrillic.test(text) && !codes.includes(text))
      .map(([key, text]) => `${key}=${text}`);
    expect(latin).toEqual([]);
  });

  it('keeps value names apart from the other messages, which would silently replace them', () => {
    const others = [LOGIN_MESSAGES, MAP_MESSAGES, ADMIN_MESSAGES].flatMap((m) => Object.keys(m['en-us']));
    expect(Object.keys(VALUE_MESSAGES['en-us']).filter((k) => others.includes(k))).toEqual([]);
  });

  it("labels a field by what it means in its entity: a user's name is a person's", () => {
    expect(fieldLabel('name', 'ru', 'Users')).toBe('Имя');
    expect(fieldLabel('name', 'ru', 'Groups')).toBe('Название');
  });

  it("names a lamp's and a module's post as the menu does", () => {
    expect(fieldLabel('support', 'en-us', 'Luminaries')).toBe('Mounting');
    expect(fieldLabel('luminarySupport', 'en-us', 'LuminaryModules')).toBe('Mounting');
    expect(fieldLabel('luminarySupport', 'ru', 'LuminaryModules')).toBe('Опора');
  });

  it("gives MapLibre's scale its units in Russian", () => {
    expect(MAP_LOCALE.ru['ScaleControl.Meters']).toBe('м');
    expect(MAP_LOCALE.ru['ScaleControl.Kilometers']).toBe('км');
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
