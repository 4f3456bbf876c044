import { defineEntity } from '../entity.ts';
import { refs, text } from '../fields.ts';

export const Groups = defineEntity({
  name: 'Groups',
  label: { 'en-us': 'User groups', ru: 'Группы пользователей' },
  labelOne: { 'en-us': 'User group', ru: 'Группа пользователей' },
  aliases: ['groups'],
  area: 'Groups',
  fields: {
    name: text({ required: true, unique: true, search: true, list: true }),
    cities: refs('Cities', { list: true }),
    timezone: text({ list: true, max: 64 }),
  },
});
