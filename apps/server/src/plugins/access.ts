import fp from 'fastify-plugin';
import type { Area, Flag } from '@sl/domain';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import type { Caller } from '../entities/entity.service.ts';

export type RouteAccess = { area: Area; action: Flag } | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller: Caller;
  }
}

/** Decides whether a request may do `action` in `area`, and whose rows it sees. Throws an ApiError to refuse. */
export type AccessPolicy = (req: FastifyRequest, area: Area, action: Flag) => Promise<Caller>;

/**
 * The one place every route's access is checked. A route under /api or /auth that declares no access is
 * refused, so no route can be added without a decision.
 */
export const accessPlugin = fp<{ policy: AccessPolicy }>(async (app, { policy }) => {
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config.access;
    if (access === 'public' || req.is404) return;
    if (!access) {
      if (/^\/(api|auth)\//.test(req.url)) throw new ApiError('PermissionDeniedError');
      return;
    }
    req.caller = await policy(req, access.area, access.action);
  });
});
