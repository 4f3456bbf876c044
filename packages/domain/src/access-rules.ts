import { AREAS, READ_ONLY_AREAS, type AccessRights, type Area, type Flag, type UserType } from './access.ts';

// Who may do what (spec §6, DESIGN.md §7). Shared by the server, which enforces it, and the console, which hides
// what a user may not do.

export const TEST_GROUPS = ['Admin', 'Demo'] as const;
export const DEMO_LOGIN = 'demo';
export const READ_FLAGS: readonly Flag[] = ['view', 'list', 'viewRawData'];

export type Subject = { type: UserType; login: string; rights: AccessRights };

/** `groupOwned`: the rows concerned belong to one group, which a group administrator manages in full. */
export function may(user: Subject, area: Area, action: Flag, groupOwned: boolean): boolean {
  const reading = READ_FLAGS.includes(action);
  if (user.login === DEMO_LOGIN && !reading) return false;
  if (READ_ONLY_AREAS.includes(area) && !reading) return false;
  if (user.type === 'ADMIN') return true;
  // roles are shared by every group, and groups are created and removed by an administrator
  if (area === 'Roles' && !reading) return false;
  if (area === 'Groups' && !reading && action !== 'edit') return false;
  if (user.type === 'GROUPADMIN' && groupOwned) return true;
  return user.rights[area]?.[action] === true;
}

/**
 * Whether the rows an action of `e`'s area touches belong to the caller's group alone (`groupOwned` of `may`):
 * rows with a group field, the group itself, and, to read, the cities: a group's users see only their group's.
 */
export function groupOwnedOf(e: { name: string; groupField?: string }, action: Flag): boolean {
  return Boolean(e.groupField) || e.name === 'Groups' || (e.name === 'Cities' && READ_FLAGS.includes(action));
}

/** The rights a new role starts from: view and list everywhere. */
export function defaultRights(): AccessRights {
  return Object.fromEntries(AREAS.map((a) => [a, { view: true, list: true }]));
}
