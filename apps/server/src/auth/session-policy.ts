import { timingSafeEqual } from 'node:crypto';
import { DEMO_LOGIN, may, READ_FLAGS } from '@sl/domain';
import { ApiError } from '../http/api-error.ts';
import type { FastifyRequest } from 'fastify';
import type { AccessPolicy, RouteAccess } from '../plugins/access.ts';
import type { AuthService, SignedIn } from './auth.service.ts';
import type { Caller } from './caller.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const sameToken = (a: string | undefined, b: string) => {
  if (a === undefined) return false;
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  // compared as bytes: a header of other characters has another length in bytes than in characters
  return x.length === y.length && timingSafeEqual(x, y);
};

/** An `Origin` that names another site than the one asked (a browser sends it with every change). */
function foreignOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/**
 * Whether a request changes something: every mutating method, and the spec's state-changing GETs (commands to
 * the field: `control/lighting`, `control/controller`), which a link or an image on another site could call.
 */
const changes = (req: FastifyRequest, access: Exclude<RouteAccess, 'public'>) =>
  MUTATING.has(req.method) || (access !== 'session' && access.action === 'command');

/**
 * Sessions from the `sid` cookie; on every change (and command GET) an `Origin` of this site if any, and the
 * `x-csrf-token` header (a command GET from the console's own page may show `Sec-Fetch-Site: same-origin`
 * instead); the demo user read-only,
 * then the role's rights (spec §6) by area and action.
 */
export function sessionPolicy(auth: AuthService): AccessPolicy {
  return async (req, access) => {
    const me = await auth.authenticate(req.cookies.sid);
    if (changes(req, access)) {
      if (foreignOrigin(req)) throw new ApiError('PermissionDeniedError', ['origin']);
      // a GET sent by the console's own page says so (Sec-Fetch-Site); any other caller sends the token
      const ownPage = req.method === 'GET' && req.headers['sec-fetch-site'] === 'same-origin';
      if (!ownPage && !sameToken(req.headers['x-csrf-token'] as string | undefined, me.csrf))
        throw new ApiError('PermissionDeniedError', ['csrf']);
    }
    const caller = callerOf(me);
    if (access !== 'session') {
      if (me.login === DEMO_LOGIN && !READ_FLAGS.includes(access.action)) throw new ApiError('demoUser');
      if (!caller.allows(access.area, access.action, access.groupOwned ?? true)) {
        throw new ApiError('PermissionDeniedError');
      }
    }
    return caller;
  };
}

/** The caller a signed-in session acts as: whose rows it sees, and the rights of its role (spec §6). */
export function callerOf(me: SignedIn): Caller {
  const subject = { type: me.type, login: me.login, rights: me.rights };
  return {
    userId: me.userId,
    sessionId: me.sessionId,
    login: me.login,
    type: me.type,
    groupId: me.groupId,
    cityIds: me.cityIds,
    ...(me.crews && { crews: me.crews }),
    allows: (area, flag, groupOwned = true) => may(subject, area, flag, groupOwned),
  };
}
