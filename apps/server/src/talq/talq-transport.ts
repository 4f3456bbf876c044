import { deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { topicMac } from '@sl/protocol';
import { unfitText } from '../http/text-guard.ts';
import type { DeviceSecrets } from '../field/device-secrets.ts';
import type { Gateway, TalqGateways } from './talq-gateways.ts';
import { checkFunctions, checkLogEntries, checkRequest } from './talq-schemas.ts';

// TALQ §3 transport of the CMS API under /talq/v2: HTTP Basic credentials of a commissioned gateway, bodies in
// none, deflate or gzip (the answer in the request's own), the `talq-api-version` header both ways, the
// `clientAddress` query parameter on every request, Content-Length and `cache-control: no-transform` on every
// answer, and every request body checked against the TALQ schemas before a handler sees it. Errors are TALQ
// error messages (`[{ key }]`), read by gateways, not people.

export const TALQ_PREFIX = '/talq/v2';
export const TALQ_VERSION = '2.7.1';
export const NIL = '00000000-0000-0000-0000-000000000000';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** a whole bulk announcement of devices is one request: 1,000 devices of a few kB each, compressed or not */
const BODY_LIMIT = 32 * 1024 * 1024;
/** how often a gateway's last contact is written, at most */
const CONTACT_EVERY_MS = 5_000;

type Encoding = 'gzip' | 'deflate' | undefined;

declare module 'fastify' {
  interface FastifyRequest {
    talq: { gateway: Gateway; clientAddress: string; answer: Encoding };
  }
}

/** A refusal in TALQ's error form. */
export class TalqError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly detail?: string[],
  ) {
    super(key);
  }
}

/** The request body's encoding; `false` for one TALQ does not allow. */
function bodyEncoding(header: string | string[] | undefined): Encoding | false {
  const v = String(header ?? '')
    .trim()
    .toLowerCase();
  if (v === '' || v === 'identity') return undefined;
  if (v === 'gzip' || v === 'x-gzip') return 'gzip';
  if (v === 'deflate') return 'deflate';
  return false;
}

/** The answer's encoding: the request body's, else the first of gzip and deflate the client accepts. */
function answerEncoding(req: FastifyRequest): Encoding {
  const own = bodyEncoding(req.headers['content-encoding']);
  if (own) return own;
  const accepts = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  for (const part of accepts.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'gzip' || name === 'deflate') return name;
  }
  return undefined;
}

function basic(header: string | undefined): { login: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 1) return undefined;
  return { login: text.slice(0, colon), secret: text.slice(colon + 1) };
}

/** The path of the operation in the API file (`/devices/{deviceAddress}`) from the route's own. */
export const operationPath = (req: FastifyRequest) =>
  (req.routeOptions.url ?? '').slice(TALQ_PREFIX.length).replace(/:(\w+)/g, '{$1}');

export type TalqDeps = { gateways: TalqGateways; secrets: DeviceSecrets };

/** The transport hooks of the /talq/v2 plugin (call inside it). */
export function installTalqTransport(cms: FastifyInstance, { gateways, secrets }: TalqDeps) {
  cms.removeAllContentTypeParsers();
  cms.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  const lastWritten = new Map<number, number>();

  cms.addHook('onRequest', async (req) => {
    req.talq = { answer: answerEncoding(req) } as FastifyRequest['talq'];
    const who = basic(req.headers.authorization);
    const ok =
      who !== undefined &&
      who.login.length <= 64 &&
      (await secrets.verify(topicMac(who.login), who.secret, true).catch(() => false));
    const gateway = ok ? await gateways.byLogin(who.login) : undefined;
    if (!gateway) throw new TalqError(401, 'unauthorized');
    req.talq.gateway = gateway;
    const now = Date.now();
    if (now - (lastWritten.get(gateway.id) ?? 0) > CONTACT_EVERY_MS) {
      lastWritten.set(gateway.id, now);
      await gateways.heard(gateway.id);
    }
    if (!req.headers['talq-api-version']) throw new TalqError(400, 'missingTalqApiVersion');
    const clientAddress = (req.query as Record<string, unknown>).clientAddress;
    if (typeof clientAddress !== 'string' || !UUID.test(clientAddress))
      throw new TalqError(400, 'missingClientAddress');
    req.talq.clientAddress = clientAddress.toLowerCase();
    if (bodyEncoding(req.headers['content-encoding']) === false)
      throw new TalqError(415, 'unsupportedEncoding');
  });

  // the body: decoded, parsed, free of NULs and as the operation's schema wants it (one bad item refuses all)
  cms.addHook('preValidation', async (req) => {
    if (!Buffer.isBuffer(req.body)) return;
    let text: string;
    try {
      const raw = req.body;
      const enc = bodyEncoding(req.headers['content-encoding']);
      const plain =
        enc === 'gzip'
          ? gunzipSync(raw, { maxOutputLength: BODY_LIMIT })
          : enc === 'deflate'
            ? inflateSync(raw, { maxOutputLength: BODY_LIMIT })
            : raw;
      text = plain.toString('utf8');
    } catch {
      throw new TalqError(400, 'invalidEncoding');
    }
    let body: unknown;
    try {
      body = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      throw new TalqError(400, 'invalidJson');
    }
    const bad = unfitText(body, 'body');
    if (bad.length) throw new TalqError(400, 'invalidText', bad);
    req.body = body;
  });
  cms.addHook('preHandler', async (req) => {
    const path = operationPath(req);
    const checked = checkRequest('cms', path, req.method, req.body);
    if (!checked.ok) throw new TalqError(400, 'invalidRequestBody', checked.errors);
    if (path === '/devices' && Array.isArray(req.body)) {
      const functions = checkFunctions(req.body);
      if (!functions.ok) throw new TalqError(400, 'invalidRequestBody', functions.errors);
    }
    if (path === '/log-reports') {
      const entries = checkLogEntries(req.body);
      if (!entries.ok) throw new TalqError(400, 'invalidRequestBody', entries.errors);
    }
  });

  cms.addHook('onSend', async (req, reply, payload) => {
    const body =
      payload === null || payload === undefined
        ? Buffer.alloc(0)
        : Buffer.isBuffer(payload)
          ? payload
          : Buffer.from(String(payload));
    const enc = req.talq?.answer;
    const out = body.length === 0 || !enc ? body : enc === 'gzip' ? gzipSync(body) : deflateSync(body);
    if (out !== body) void reply.header('content-encoding', enc);
    if (body.length) void reply.header('content-type', 'application/json; charset=utf-8');
    void reply
      .header('content-length', out.length)
      .header('cache-control', 'no-transform')
      .header('talq-api-version', TALQ_VERSION)
      .header('vary', 'accept-encoding, content-encoding');
    return out;
  });

  cms.setErrorHandler(async (err: Error & { statusCode?: number }, req, reply) => {
    if (err instanceof TalqError) {
      if (err.status === 401) void reply.header('www-authenticate', 'Basic realm="TALQ CMS"');
      if (err.status >= 400 && err.status < 500 && err.detail)
        req.log.info({ key: err.key, detail: err.detail }, 'TALQ request refused');
      return send(reply, err.status, err.key);
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'TALQ request failed');
    return send(reply, status, status === 500 ? 'internalError' : 'badRequest');
  });
  cms.setNotFoundHandler(async (_req, reply) => send(reply, 404, 'notImplemented'));
}

const send = (reply: FastifyReply, status: number, key: string) =>
  reply
    .code(status)
    .type('application/json')
    .send(JSON.stringify([{ key }]));
