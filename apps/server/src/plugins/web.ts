import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiError, errorBody, requestLanguage } from '../http/api-error.ts';

/** Serves the built console; any non-API path gets index.html so the console's router decides (not-found included). */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: 'index.html' });
  app.setNotFoundHandler((req, reply) => {
    const isApi = /^\/(api|auth|health)(\/|$)/.test(req.url);
    if (isApi || !hasWeb || req.method !== 'GET') {
      return reply.status(404).send(errorBody(new ApiError('NotFoundError'), requestLanguage(req)));
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
