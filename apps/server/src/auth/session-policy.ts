import { timingSafeEqual } from 'node:crypto';
import { DEMO_LOGIN, may, READ_FLAGS } from '@sl/domain';
import { ApiError } from '../http/api-error.ts';
import type { AccessPolicy } from '../plugins/access.ts';
import type { AuthService } from './auth.service.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const sameToken = (a: string | undefined, b: string) =>
  a !== undefined && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Sessions from the `sid` cookie, CSRF by the `x-csrf-token` header on every mutation, the demo user read-only,
 * then the role's rights (spec §6) by area and action.
 */
export function sessionPolicy(auth: AuthService): AccessPolicy {
  return async (req, access) => {
    const me = await auth.authenticate(req.cookies.sid);
    if (MUTATING.has(req.method) && !sameToken(req.headers['x-csrf-token'] as string | undefined, me.csrf)) {
      throw new ApiError('PermissionDeniedError', ['csrf']);
    }
    const subject = { type: me.type, login: me.login, rights: me.rights };
    if (access !== 'session') {
      if (me.login === DEMO_LOGIN && !READ_FLAGS.includes(access.action)) throw new ApiError('demoUser');
      if (!may(subject, access.area, access.action, access.groupOwned ?? true)) {
        throw new ApiError('PermissionDeniedError');
      }
    }
    return {
      userId: me.userId,
      login: me.login,
      type: me.type,
      groupId: me.groupId,
      cityIds: me.cityIds,
      allows: (area, flag, groupOwned = true) => may(subject, area, flag, groupOwned),
    };
  };
}
