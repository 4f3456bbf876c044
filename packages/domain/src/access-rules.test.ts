import { describe, expect, it } from 'vitest';
import { AREAS } from './access.ts';
import { defaultRights, groupOwnedOf, may, type Subject } from './access-rules.ts';

const admin: Subject = { type: 'ADMIN', login: 'admin', rights: {} };
const groupAdmin: Subject = { type: 'GROUPADMIN', login: 'ga', rights: { Cities: { view: true } } };
const normal: Subject = { type: 'NORMAL', login: 'n', rights: { Cabinets: { view: true, edit: true } } };
const demo: Subject = { type: 'NORMAL', login: 'demo', rights: { Cabinets: { view: true, edit: true } } };

describe('may', () => {
  it('lets an administrator do everything', () => {
    expect(may(admin, 'Roles', 'delete', false)).toBe(true);
  });

  it('lets a group administrator manage its group, and follow its role elsewhere', () => {
    expect(may(groupAdmin, 'Cabinets', 'delete', true)).toBe(true);
    expect(may(groupAdmin, 'Users', 'create', true)).toBe(true);
    expect(may(groupAdmin, 'Cities', 'view', false)).toBe(true);
    expect(may(groupAdmin, 'Cities', 'create', false)).toBe(false);
    expect(may(groupAdmin, 'Roles', 'edit', false)).toBe(false);
    expect(may(groupAdmin, 'Groups', 'create', true)).toBe(false);
    expect(may(groupAdmin, 'Groups', 'edit', true)).toBe(true);
  });

  it('lets nobody write what the server computes, administrators included', () => {
    for (const action of ['create', 'edit', 'delete'] as const) {
      expect(may(admin, 'MetersAverageData', action, true)).toBe(false);
      expect(may(groupAdmin, 'MetersAverageData', action, true)).toBe(false);
    }
    expect(may(admin, 'MetersAverageData', 'view', true)).toBe(true);
    expect(may(groupAdmin, 'MetersAverageData', 'list', true)).toBe(true);
  });

  it('holds a user to its role', () => {
    expect(may(normal, 'Cabinets', 'edit', true)).toBe(true);
    expect(may(normal, 'Cabinets', 'delete', true)).toBe(false);
    expect(may(normal, 'Meters', 'view', true)).toBe(false);
  });

  it('lets the demo user read only, whatever its role says', () => {
    expect(may(demo, 'Cabinets', 'view', true)).toBe(true);
    expect(may(demo, 'Cabinets', 'edit', true)).toBe(false);
  });

  it('keeps roles to administrators, whatever a role or a group says', () => {
    const roleEditor: Subject = { type: 'NORMAL', login: 'r', rights: { Roles: { view: true, edit: true } } };
    expect(may(roleEditor, 'Roles', 'edit', false)).toBe(false);
    expect(may(roleEditor, 'Roles', 'view', false)).toBe(true);
    expect(may(groupAdmin, 'Roles', 'edit', true)).toBe(false);
  });
});

describe('groupOwnedOf', () => {
  it('owns rows with a group field and the group itself, and the cities only to read', () => {
    expect(groupOwnedOf({ name: 'Cabinets', groupField: 'group' }, 'edit')).toBe(true);
    expect(groupOwnedOf({ name: 'Groups' }, 'edit')).toBe(true);
    expect(groupOwnedOf({ name: 'Cities' }, 'list')).toBe(true);
    expect(groupOwnedOf({ name: 'Cities' }, 'edit')).toBe(false);
    expect(groupOwnedOf({ name: 'Roles' }, 'view')).toBe(false);
  });
});

describe('defaultRights', () => {
  it('starts a role with view and list in every area, and nothing else', () => {
    const rights = defaultRights();
    expect(Object.keys(rights)).toEqual([...AREAS]);
    for (const a of AREAS) expect(rights[a]).toEqual({ view: true, list: true });
  });
});
