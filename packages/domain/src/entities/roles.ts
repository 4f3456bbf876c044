import { defineEntity } from '../entity.ts';
import { AREAS, FLAGS } from '../access.ts';
import { bool, object, text, type Field } from '../fields.ts';

const flags = object(Object.fromEntries(FLAGS.map((f) => [f, bool()])));
const rights: Record<string, Field> = Object.fromEntries(AREAS.map((a) => [a, flags]));

export const Roles = defineEntity({
  name: 'Roles',
  label: { 'en-us': 'Roles and access rights', ru: 'Роли и права доступа' },
  aliases: ['roles'],
  area: 'Roles',
  fields: {
    name: text({ required: true, unique: true, search: true, list: true }),
    accessRights: object(rights, { default: {} }),
  },
});
