import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closes, with the server, the connections that never carried a request: a browser opens them ahead of need, and
 * a client opens one beside a download it cancels. Node counts such a connection as waiting for its first
 * request's headers, not as idle, so the close would wait for it until the keep-alive timeout (72 s).
 */
export function closeUnusedConnections(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (req: { socket: Socket }) => unused.delete(req.socket));
  app.addHook('preClose', (done) => {
    for (const socket of unused) socket.destroy();
    done();
  });
}
