import {
  AREAS,
  ENTITIES,
  entity,
  FLAGS,
  groupOwnedOf,
  type AccessRights,
  type Area,
  type Flag,
  type UserType,
} from '@sl/domain';
import type { EntityRepository } from '../entities/entity.repository.ts';
import type { EntityHooks } from '../entities/entity.service.ts';
import { ApiError } from '../http/api-error.ts';
import { SYSTEM, type Caller } from './caller.ts';
import { serverPasswordProblem } from './common-passwords.ts';

const RANK: Record<UserType, number> = { NORMAL: 0, GROUPADMIN: 1, ADMIN: 2 };

function checkPassword(login: unknown, password: unknown) {
  const problem = serverPasswordProblem(login as string | undefined, password as string | undefined);
  if (problem) throw new ApiError('IsInvalidError', ['password'], { reason: problem });
}

/** Nobody grants a type above their own; only an administrator makes administrators. */
function checkType(caller: Caller, type: unknown) {
  if (caller.type === undefined || type === undefined) return;
  const wanted = RANK[type as UserType];
  if (wanted > RANK[caller.type] || (type === 'ADMIN' && caller.type !== 'ADMIN')) {
    throw new ApiError('PermissionDeniedError', ['type']);
  }
}

/** Whether an area's rows belong to one group, which a group administrator manages in full (as its routes say). */
const groupOwned = (area: Area, flag: Flag) => {
  const e = ENTITIES.find((x) => x.area === area);
  return e ? groupOwnedOf(e, flag) : true;
};

export type UserHookDeps = {
  /** ends a user's sessions at once, all but `keep` */
  revokeSessions(userId: number, keep?: string): Promise<void>;
  /** a role's rights, or undefined when there is no such role */
  roleRights(roleId: number): Promise<AccessRights | undefined>;
};

/** A role's rights read from the database, whatever group asks. */
export const roleRightsIn =
  (repo: EntityRepository) =>
  async (roleId: number): Promise<AccessRights | undefined> =>
    (await repo.get(entity('Roles'), SYSTEM, roleId))?.accessRights as AccessRights | undefined;

const canLock = (caller: Caller) => caller.allows('Users', 'canLock');

// Whoever can sign in as a user holds their rights: these are what signing in rests on (the login too: renamed, the
// account can be made again under its old name; retyped, its rights change).
const SIGN_IN_FIELDS = ['login', 'password', 'email', 'role', 'type', 'isLocked', 'isActive'];

/**
 * Users: password rules; no escalation of type; nobody changes their own role, and nobody gives a role with a
 * right they do not hold themselves, nor changes the login, password, e-mail, role, type or lock of a user whose
 * role holds such a right, nor deletes them; lock/active need `canLock`; locking, a new password and a new role end the user's sessions at once
 * (their own current one kept when they changed their own password), and so does deletion. An administrator's
 * group is dropped on every save.
 */
export function userHooks(deps: UserHookDeps): EntityHooks {
  /** Refuses, naming `fields`, when the role holds a right the caller does not. */
  async function checkRole(caller: Caller, roleId: unknown, fields: string[]) {
    if (typeof roleId !== 'number' || caller.type === undefined || caller.type === 'ADMIN') return;
    const rights = (await deps.roleRights(roleId)) ?? {};
    for (const area of AREAS)
      for (const flag of FLAGS)
        if (rights[area]?.[flag] === true && !caller.allows(area, flag, groupOwned(area, flag)))
          throw new ApiError('PermissionDeniedError', fields);
  }

  /** Refuses when the user outranks the caller or their role holds a right the caller does not. */
  async function checkColleague(caller: Caller, current: Record<string, unknown>, fields: string[]) {
    if (caller.type !== undefined && RANK[current.type as UserType] > RANK[caller.type]) {
      throw new ApiError('PermissionDeniedError', fields);
    }
    await checkRole(caller, current.role, fields);
  }

  return {
    async beforeCreate(caller, data) {
      // an administrator belongs to no group (spec §5, §6): a group sent with one is dropped
      if (data.type === 'ADMIN') delete data.group;
      checkPassword(data.login, data.password);
      checkType(caller, data.type);
      await checkRole(caller, data.role, ['role']);
      if ((data.isLocked === true || data.isActive === false) && !canLock(caller)) {
        throw new ApiError('PermissionDeniedError', ['isLocked']);
      }
    },
    async beforeUpdate(caller, current, patch) {
      const self = caller.userId === current._id;
      if (caller.type !== undefined && RANK[current.type as UserType] > RANK[caller.type]) {
        throw new ApiError('PermissionDeniedError');
      }
      // the stored password is never read back, so any password in the patch counts as a change
      const guarded = SIGN_IN_FIELDS.filter((f) => f in patch && patch[f] !== current[f]);
      if (!self && guarded.length) await checkColleague(caller, current, guarded);
      if ('password' in patch) checkPassword(patch.login ?? current.login, patch.password);
      if ((patch.type ?? current.type) === 'ADMIN' && ('group' in patch || current.group != null))
        patch.group = null;
      if ('type' in patch && patch.type !== current.type) {
        if (self) throw new ApiError('PermissionDeniedError', ['type']);
        checkType(caller, patch.type);
      }
      if ('role' in patch && patch.role !== current.role) {
        if (self) throw new ApiError('PermissionDeniedError', ['role']);
        await checkRole(caller, patch.role, ['role']);
      }
      if ('isLocked' in patch || 'isActive' in patch) {
        if (!canLock(caller)) throw new ApiError('PermissionDeniedError', ['isLocked']);
        if (self) throw new ApiError('IsInvalidError', ['isLocked']);
      }
    },
    async afterUpdate(caller, row, patch, before) {
      if (row.isLocked || !row.isActive) return deps.revokeSessions(row._id);
      const newRole = 'role' in patch && patch.role !== before.role;
      if ('password' in patch || newRole || row.type !== before.type)
        await deps.revokeSessions(row._id, caller.userId === row._id ? caller.sessionId : undefined);
    },
    async beforeRemove(caller, current) {
      if (caller.userId !== current._id) await checkColleague(caller, current, ['_id']);
    },
    afterRemove: (_caller, row) => deps.revokeSessions(row._id),
  };
}
