import { defineEntity } from '../entity.ts';
import { USER_TYPES } from '../access.ts';
import { bool, oneOf, password, ref, text } from '../fields.ts';

export const Users = defineEntity({
  name: 'Users',
  label: { 'en-us': 'Users', ru: 'Пользователи' },
  labelOne: { 'en-us': 'User', ru: 'Пользователь' },
  aliases: ['users'],
  area: 'Users',
  groupField: 'group',
  titleField: 'login',
  fields: {
    login: text({ required: true, unique: true, search: true, list: true, max: 64 }),
    name: text({ search: true, list: true }),
    password: password({ required: true }),
    type: oneOf(USER_TYPES, { default: 'NORMAL', list: true }),
    // every user, an administrator too, has a role (spec §5 "role required"; §6 exempts an admin from a group only)
    role: ref('Roles', { list: true, required: 'onSave' }),
    group: ref('Groups', { list: true }),
    email: text({ search: true, pattern: /^[^\s@]+@[^\s@]+$/, required: 'onSave' }),
    phone: text({ max: 32 }),
    telegram: text({ max: 64 }),
    description: text({ max: 2000 }),
    isLocked: bool({ default: false }),
    isActive: bool({ default: true }),
  },
  // an administrator needs no group; everyone else must have one (spec §5)
  check: (u) =>
    u.type !== 'ADMIN' && u.group == null ? { code: 'IsInvalidError', fields: ['group'] } : undefined,
});
