import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiError, errorBody, requestLanguage } from '../http/api-error.ts';

const ASSETS = '/assets/';
const ASSETS_KEPT_MS = 365 * 24 * 3600_000;
const FONTS = '/fonts/';
// the map's label font is not named by its content, but changes only with a release: a week without asking again
const FONTS_KEPT_MS = 7 * 24 * 3600_000;

/** Serves the built console; any non-API path gets index.html so the console's router decides (not-found included). */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    app.addHook('onRoute', (route) => {
      if (route.url === '/*' || route.url === '/' || route.url === `${ASSETS}*` || route.url === `${FONTS}*`)
        route.config = { ...(route.config ?? {}), access: 'public' };
    });
    // the build names each script by its content: a browser keeps it rather than asking again on every visit
    // (the map's scripts, 1.5 MB, are half its first draw on two cores)
    const assets = path.join(webDist, ASSETS);
    if (fs.existsSync(assets))
      await app.register(fastifyStatic, {
        root: assets,
        prefix: ASSETS,
        maxAge: ASSETS_KEPT_MS,
        immutable: true,
        decorateReply: false,
      });
    const fonts = path.join(webDist, FONTS);
    if (fs.existsSync(fonts))
      await app.register(fastifyStatic, {
        root: fonts,
        prefix: FONTS,
        maxAge: FONTS_KEPT_MS,
        decorateReply: false,
      });
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
