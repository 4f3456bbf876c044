// Access areas and flags of spec §3/§6. A role holds, per area, a set of flags.

export const AREAS = [
  'Cabinets',
  'Categories',
  'Cities',
  'CitiesOnline',
  'Controllers',
  'Groups',
  'Luminaries',
  'LuminaryModels',
  'LuminaryModules',
  'LuminarySupportCategories',
  'LuminarySupportOwners',
  'LuminarySupportTypes',
  'LuminarySupports',
  'Meters',
  'MetersAverageData',
  'Roles',
  'SingleRequest',
  'Types',
  'Users',
  'control',
  'DateType',
  'CalendarProfiles',
  'ControllerSchedule',
  'Profiles',
  'GroupControl',
  'WorkOrders',
  'Crews',
  'FaultKinds',
  'Open311',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * Areas of data the server computes from the field (a meter's average data from its readings): read through the
 * API, never created, edited or deleted there, by anyone; a role holds only reading rights over them.
 */
export const READ_ONLY_AREAS: readonly Area[] = ['MetersAverageData'];

/** Labels of the areas that are not an entity of their own (an entity's area takes the entity's label). */
export const AREA_LABELS: Partial<Record<Area, { 'en-us': string; ru: string }>> = {
  CitiesOnline: { 'en-us': 'Cities online', ru: 'Города онлайн' },
  SingleRequest: { 'en-us': 'Map requests', ru: 'Запросы карты' },
  control: { 'en-us': 'Control', ru: 'Управление' },
  DateType: { 'en-us': 'Day types', ru: 'Типы дней' },
  Open311: { 'en-us': 'Citizen reports (Open311)', ru: 'Обращения граждан (Open311)' },
};

export const FLAGS = [
  'view',
  'create',
  'edit',
  'delete',
  'list',
  'viewDeleted',
  'command',
  'viewRawData',
  'canLock',
  'upload',
] as const;
export type Flag = (typeof FLAGS)[number];

export const USER_TYPES = ['ADMIN', 'GROUPADMIN', 'NORMAL'] as const;
export type UserType = (typeof USER_TYPES)[number];

export type AccessRights = Partial<Record<Area, Partial<Record<Flag, boolean>>>>;
