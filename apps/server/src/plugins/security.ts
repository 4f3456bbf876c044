import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// The raster tiles under the map come from OpenStreetMap by default (apps/web/src/screens/map/map-style.ts,
// OSM_TILES), or from any tile server the user types into the map's base-layer control (a city's own, offline):
// MapLibre fetches them and draws them from blobs. So images and fetches may go to any http(s) origin; scripts,
// styles, fonts, workers and frames may not.
const TILES = ['https:', 'http:'];

/**
 * What the console needs and no more: its own scripts only; inline styles (the component library writes them);
 * MapLibre's worker and images from blob: and data: URLs; no framing by another site. No
 * `upgrade-insecure-requests`: a console reached over plain HTTP on the street-lighting network must still load.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', ...TILES],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", ...TILES],
  'worker-src': ["'self'", 'blob:'],
  'child-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
};

/** API answers (and sign-in) hold data of the signed-in user: never kept by a browser or a proxy cache. */
const API = /^\/(api|auth|health)(\/|$|\?)/;

/**
 * The hashes of the scripts written into the built console's page itself (the map's first view is inlined there
 * so that it draws before the console's scripts arrive): exactly those may run, nothing else inline.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const file = path.join(webDist, 'index.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}

/** Security headers on every answer (helmet), and `no-store` on API answers that set no caching of their own. */
export async function registerSecurityHeaders(app: FastifyInstance, webDist: string) {
  const directives = {
    ...CONTENT_SECURITY_POLICY,
    'script-src': [...CONTENT_SECURITY_POLICY['script-src'], ...inlineScriptHashes(webDist)],
  };
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    // the tile server asks browsers for the page's origin (its usage policy); never the path
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (API.test(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
