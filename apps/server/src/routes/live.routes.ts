import type { FastifyInstance } from 'fastify';
import type { LiveHub } from '../live/live-hub.ts';

/**
 * GET /api/v2/live: a server-sent event stream of device state changes and command progress for the caller's
 * group (everything for an administrator). A comment line every 15 s keeps proxies from closing it.
 */
export function registerLiveRoutes(app: FastifyInstance, hub: LiveHub) {
  const open = new Set<() => void>();
  // a stream never ends by itself, so shutting down must end them
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  app.get(
    '/api/v2/live',
    { schema: { tags: ['live'], hide: false }, config: { access: 'session' } },
    (req, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      const unsubscribe = hub.subscribe({
        groupId: req.caller.groupId,
        send: (e) =>
          e.type !== 'tables' && res.write(`event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`),
      });
      const beat = setInterval(() => res.write(': ping\n\n'), 15_000);
      const end = () => {
        clearInterval(beat);
        unsubscribe();
        open.delete(end);
        res.end();
      };
      open.add(end);
      req.raw.on('close', end);
    },
  );
}
