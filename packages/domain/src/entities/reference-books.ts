import type { Area } from '../access.ts';
import { defineEntity } from '../entity.ts';
import type { Language } from '../errors.ts';
import { text } from '../fields.ts';

/** A reference book that is a list of names. */
const namesBook = (
  name: string,
  alias: string,
  area: Area,
  label: Record<Language, string>,
  labelOne: Record<Language, string>,
) =>
  defineEntity({
    name,
    label,
    labelOne,
    aliases: [alias],
    area,
    fields: { name: text({ required: true, unique: true, search: true, list: true }) },
  });

export const Types = namesBook(
  'Types',
  'types',
  'Types',
  { 'en-us': 'Road types', ru: 'Типы дорог' },
  { 'en-us': 'Road type', ru: 'Тип дороги' },
);
export const LuminarySupportTypes = namesBook(
  'LuminarySupportTypes',
  'luminary-support-types',
  'LuminarySupportTypes',
  { 'en-us': 'Mounting types', ru: 'Типы опор' },
  { 'en-us': 'Mounting type', ru: 'Тип опоры' },
);
export const LuminarySupportOwners = namesBook(
  'LuminarySupportOwners',
  'luminary-support-owners',
  'LuminarySupportOwners',
  { 'en-us': 'Mounting owners', ru: 'Владельцы опор' },
  { 'en-us': 'Mounting owner', ru: 'Владелец опор' },
);
export const LuminarySupportCategories = namesBook(
  'LuminarySupportCategories',
  'luminary-support-categories',
  'LuminarySupportCategories',
  { 'en-us': 'Mounting categories', ru: 'Категории опор' },
  { 'en-us': 'Mounting category', ru: 'Категория опор' },
);
export const Vendors = namesBook(
  'Vendors',
  'vendors',
  'LuminaryModels',
  { 'en-us': 'Vendors', ru: 'Производители' },
  { 'en-us': 'Vendor', ru: 'Производитель' },
);
