import fp from 'fastify-plugin';
import type { Area, Flag } from '@sl/domain';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import type { Caller } from '../auth/caller.ts';

/** `session`: any signed-in user; `groupOwned`: the rows belong to one group (spec §6, see `may`). */
export type RouteAccess = { area: Area; action: Flag; groupOwned?: boolean } | 'public' | 'session';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller: Caller;
  }
}

/** Decides whether a request may do `action` in `area`, and whose rows it sees. Throws an ApiError to refuse. */
export type AccessPolicy = (req: FastifyRequest, access: Exclude<RouteAccess, 'public'>) => Promise<Caller>;

/**
 * The one place every route's access is checked. A route under /api or /auth that declares no access is
 * refused, so no route can be added without a decision.
 */
export const accessPlugin = fp<{ policy: AccessPolicy }>(async (app, { policy }) => {
  app.decorateRequest('caller', null as unknown as Caller);
  // before the body is read or validated: a caller who may not ask learns nothing from a 400
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (access === 'public' || req.is404) return;
    if (!access) {
      if (/^\/(api|auth)\//.test(req.url)) throw new ApiError('PermissionDeniedError');
      return;
    }
    req.caller = await policy(req, access);
  });
});
