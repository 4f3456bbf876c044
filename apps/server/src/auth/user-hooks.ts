import { passwordProblem, type UserType } from '@sl/domain';
import type { EntityHooks } from '../entities/entity.service.ts';
import { ApiError } from '../http/api-error.ts';
import type { Caller } from './caller.ts';

const RANK: Record<UserType, number> = { NORMAL: 0, GROUPADMIN: 1, ADMIN: 2 };

function checkPassword(login: unknown, password: unknown) {
  const problem = passwordProblem(login as string | undefined, password as string | undefined);
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

const canLock = (caller: Caller) => caller.allows('Users', 'canLock');

/** Users: password rules, no escalation of type, lock/active need `canLock`, and locking ends sessions at once. */
export function userHooks(revokeSessions: (userId: number) => Promise<void>): EntityHooks {
  return {
    beforeCreate(caller, data) {
      checkPassword(data.login, data.password);
      checkType(caller, data.type);
      if ((data.isLocked === true || data.isActive === false) && !canLock(caller)) {
        throw new ApiError('PermissionDeniedError', ['isLocked']);
      }
    },
    beforeUpdate(caller, current, patch) {
      const self = caller.userId === current._id;
      if (caller.type !== undefined && RANK[current.type as UserType] > RANK[caller.type]) {
        throw new ApiError('PermissionDeniedError');
      }
      if ('password' in patch) checkPassword(patch.login ?? current.login, patch.password);
      if ('type' in patch && patch.type !== current.type) {
        if (self) throw new ApiError('PermissionDeniedError', ['type']);
        checkType(caller, patch.type);
      }
      if ('isLocked' in patch || 'isActive' in patch) {
        if (!canLock(caller)) throw new ApiError('PermissionDeniedError', ['isLocked']);
        if (self) throw new ApiError('IsInvalidError', ['isLocked']);
      }
    },
    async afterUpdate(_caller, row) {
      if (row.isLocked || !row.isActive) await revokeSessions(row._id);
    },
  };
}
