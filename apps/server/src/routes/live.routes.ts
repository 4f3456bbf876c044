import type { FastifyInstance } from 'fastify';
import type { LiveHub } from '../live/live-hub.ts';
import { LIVE_DEFAULTS, LiveStreams, type LiveStreamOptions } from '../live/live-streams.ts';

/**
 * GET /api/v2/live: a server-sent event stream of device state changes and command progress for the caller's
 * group (everything for an administrator), each kind only as far as the caller's rights show it (see LiveStreams).
 */
export function registerLiveRoutes(
  app: FastifyInstance,
  hub: LiveHub,
  opts: LiveStreamOptions = LIVE_DEFAULTS,
): LiveStreams {
  const streams = new LiveStreams(hub, opts);
  // a stream never ends by itself, so shutting down must end them
  app.addHook('preClose', async () => streams.close());
  app.get(
    '/api/v2/live',
    { schema: { tags: ['live'], hide: false }, config: { access: 'session' } },
    (req, reply) => {
      reply.hijack();
      const caller = req.caller;
      const end = streams.open(reply.raw, {
        groupId: caller.groupId,
        sees: (area) => caller.allows(area, 'view'),
      });
      req.raw.on('close', end);
    },
  );
  return streams;
}
