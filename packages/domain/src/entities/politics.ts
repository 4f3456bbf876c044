import { defineEntity } from '../entity.ts';
import { DAY_TYPES } from '../status.ts';
import { list, object, oneOf, ref, refs, text } from '../fields.ts';

const conditions = object({
  luminaryModels: refs('LuminaryModels'),
  roadClasses: refs('Types'),
  supportCategories: refs('LuminarySupportCategories'),
  supportTypes: refs('LuminarySupportTypes'),
  dateTypes: list(oneOf(DAY_TYPES)),
  supportGroups: refs('GroupControl'),
});

/** A rule set: which profile applies to which mountings. */
export const Politics = defineEntity({
  name: 'Politics',
  label: { 'en-us': 'Politics', ru: 'Политики' },
  labelOne: { 'en-us': 'Politics', ru: 'Политика' },
  aliases: ['politics'],
  area: 'Profiles',
  groupField: 'group',
  fields: {
    name: text({ required: true, search: true, list: true }),
    group: ref('Groups'),
    cities: refs('Cities', { list: true }),
    profile: ref('Profiles', { list: true }),
    rules: list(object({ conditions, profile: ref('Profiles') }), { max: 100, default: [] }),
  },
});
