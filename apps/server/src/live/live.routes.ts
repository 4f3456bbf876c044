import type { FastifyInstance } from 'fastify';
import type { SignedIn } from '../auth/auth.service.ts';
import { callerOf } from '../auth/session-policy.ts';
import type { Caller } from '../auth/caller.ts';
import { ApiError } from '../http/api-error.ts';
import type { LiveHub } from './live-hub.ts';
import {
  LIVE_DEFAULTS,
  LiveStreams,
  type LiveStreamOptions,
  type Reader,
  type Recheck,
} from './live-streams.ts';

/**
 * Where an open stream's session is asked again (AuthService): the session as it stands now, not extended (it
 * throws once the session has ended), and news of the users whose sessions or rights this process changed.
 */
export type LiveSessions = {
  current(token: string): Promise<SignedIn>;
  watch(listener: (userId: number | undefined) => void): () => void;
};

/** Refusals that mean the session itself has ended (as opposed to a database that did not answer). */
const ENDED = new Set(['UnauthorizedError', 'TokenIsExpiredError']);

const readerOf = (caller: Caller): Reader => ({
  groupId: caller.groupId,
  sees: (area) => caller.allows(area, 'view'),
});

/**
 * GET /api/v2/live: a server-sent event stream of device state changes and command progress for the caller's
 * group (everything for an administrator), each kind only as far as the caller's rights show it (see LiveStreams).
 * With `sessions`, the stream keeps following its session: every `recheckMs`, and at once when this process ends
 * the user's sessions or changes their rights (a new role, a new password, a deleted or locked user, sign-out, a
 * role's rights edited), the session is asked again; the stream then shows what the rights now allow, or ends
 * with an `ended` event when the session has ended.
 */
export function registerLiveRoutes(
  app: FastifyInstance,
  hub: LiveHub,
  opts: Partial<LiveStreamOptions> & { sessions?: LiveSessions } = {},
): LiveStreams {
  const { sessions, ...options } = opts;
  const streams = new LiveStreams(hub, { ...LIVE_DEFAULTS, ...options });
  const unwatch = sessions?.watch((userId) => streams.userChanged(userId));
  // a stream never ends by itself, so shutting down must end them
  app.addHook('preClose', async () => {
    unwatch?.();
    streams.close();
  });
  app.get(
    '/api/v2/live',
    { schema: { tags: ['live'], hide: false }, config: { access: 'session' } },
    (req, reply) => {
      reply.hijack();
      const caller = req.caller;
      const token = req.cookies?.sid;
      const recheck: Recheck | undefined =
        sessions && token && caller.userId !== undefined
          ? {
              session: caller.sessionId ?? token,
              userId: caller.userId,
              check: () =>
                sessions.current(token).then(
                  (me) => readerOf(callerOf(me)),
                  (err: unknown) => {
                    if (err instanceof ApiError && ENDED.has(err.code)) return undefined;
                    throw err;
                  },
                ),
            }
          : undefined;
      const end = streams.open(reply.raw, readerOf(caller), recheck);
      req.raw.on('close', end);
    },
  );
  return streams;
}
