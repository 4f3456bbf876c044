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
] as const;
export type Area = (typeof AREAS)[number];

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
