import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiError, errorBody, requestLanguage } from '../http/api-error.ts';

/** Folders of the build a browser keeps for a while, and how: how long (ms) and whether it never asks again. */
const KEPT: Record<string, { maxAge: number; immutable?: boolean }> = {
  // named by their content: never changed under the same name
  '/assets/': { maxAge: 365 * 24 * 3600_000, immutable: true },
  // the map's label font is not named by its content, but changes only with a release: a week without asking
  '/fonts/': { maxAge: 7 * 24 * 3600_000 },
};

/** Serves the built console; any non-API path gets index.html so the console's router decides (not-found included). */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    app.addHook('onRoute', (route) => {
      if (route.url === '/*' || route.url === '/' || Object.keys(KEPT).some((p) => route.url === `${p}*`))
        route.config = { ...(route.config ?? {}), access: 'public' };
    });
    // a browser keeps them rather than asking again on every visit (the map's scripts, 1.5 MB, are half its
    // first draw on two cores)
    for (const [prefix, kept] of Object.entries(KEPT)) {
      const root = path.join(webDist, prefix);
      if (fs.existsSync(root))
        await app.register(fastifyStatic, { root, prefix, ...kept, decorateReply: false });
    }
    await app.register(fastifyStatic, { root: webDist, index: 'index.html' });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = /^\/(api|auth|health)(\/|$)/.test(req.url);
    // a missing file (a script of an older build, say) is a 404, never the page in its place
    const isFile = /\.[a-z0-9]+$/i.test(req.url.split('?')[0]!);
    if (isApi || isFile || !hasWeb || req.method !== 'GET') {
      return reply.status(404).send(errorBody(new ApiError('NotFoundError'), requestLanguage(req)));
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
