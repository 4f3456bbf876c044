import { defineEntity } from '../entity.ts';
import { AREAS, FLAGS, READ_ONLY_AREAS } from '../access.ts';
import { READ_FLAGS } from '../access-rules.ts';
import { bool, object, text, type Field } from '../fields.ts';

const flagsOf = (names: readonly string[]) => object(Object.fromEntries(names.map((f) => [f, bool()])));
const flags = flagsOf(FLAGS);
const reading = flagsOf(READ_FLAGS);
const rights: Record<string, Field> = Object.fromEntries(
  AREAS.map((a) => [a, READ_ONLY_AREAS.includes(a) ? reading : flags]),
);

export const Roles = defineEntity({
  name: 'Roles',
  label: { 'en-us': 'Roles and access rights', ru: 'Роли и права доступа' },
  labelOne: { 'en-us': 'Role', ru: 'Роль' },
  aliases: ['roles'],
  area: 'Roles',
  fields: {
    name: text({ required: true, unique: true, search: true, list: true }),
    accessRights: object(rights, { default: {} }),
  },
});
