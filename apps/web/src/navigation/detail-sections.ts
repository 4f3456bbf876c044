// Spec §2: the screens that show one item by `/{section}/{id}`; the item becomes the current map item.
export const DETAIL_SECTIONS = [
  'Reports',
  'Cabinets',
  'LuminarySupports',
  'LuminaryModules',
  'Luminaries',
  'Controllers',
  'Meters',
  'Users',
  'Categories',
  'GroupControl',
  'Profiles',
] as const;

export type CurrentItem = { section: string; id: string } | null;

/** The store key the map reads to centre on the current item. */
export const CURRENT_ITEM_KEY = 'sl.currentItem';

/** The current item a path names, `null` when it names none, `undefined` for the map, which keeps it. */
export function currentItemOf(pathname: string): CurrentItem | undefined {
  const [section, id, rest] = pathname.split('/').filter(Boolean);
  if (section === 'Map') return undefined;
  if (!section || !id || (rest !== undefined && rest !== 'show')) return null;
  if (!(DETAIL_SECTIONS as readonly string[]).includes(section) || !/^\d+$/.test(id)) return null;
  return { section, id };
}
