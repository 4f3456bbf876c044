import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, errorBody, requestLanguage } from './api-error.ts';

/** Every failure leaves as `{ error: true, code, message, fields? }` with a catalogue code; never a bare 500 for bad input. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((raw: FastifyError | ApiError, req, reply) => sendError(raw, req, reply));
}

/**
 * The same answer for what fails before a route is found (a URL that is not valid percent-encoding): Fastify's
 * `frameworkErrors` option.
 */
export function sendError(raw: FastifyError | ApiError, req: FastifyRequest, reply: FastifyReply) {
  const err = toApiError(raw);
  if (err.code === 'DisconnectedError') req.log.warn({ err: raw }, 'database unreachable');
  else if (err.reason === 'databaseBusy') req.log.warn({ err: raw }, 'no database connection free in time');
  else if (err.status >= 500) req.log.error({ err: raw }, 'request failed');
  if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
  return reply.status(err.status).send(errorBody(err, requestLanguage(req)));
}

/**
 * What Node's HTTP parser refuses before Fastify has a request (a URL or headers over the 16 KiB limit, a
 * malformed request line): the same error form, in the language its headers ask for when they were read. Fastify's
 * `clientErrorHandler` option.
 */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const error =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('IsInvalidError', undefined, { status: 431, reason: 'headersTooLarge' })
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('TimeOut', undefined, { status: 408 })
        : new ApiError('IsInvalidError');
  const head = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString('latin1') : '';
  const header = (name: string) => new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]*)`, 'i').exec(head)?.[1];
  const lang = requestLanguage({
    headers: { cookie: header('cookie'), 'accept-language': header('accept-language') },
  });
  const body = JSON.stringify(errorBody(error, lang));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

export function toApiError(raw: FastifyError | ApiError): ApiError {
  if (raw instanceof ApiError) return raw;
  if (hasZodFastifySchemaValidationErrors(raw)) {
    const fields = raw.validation.flatMap((v) => {
      const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const keys = (v.params as { keys?: string[] }).keys;
      return keys?.length
        ? keys.map((k) => (where ? `${where}.${k}` : k))
        : [where || raw.validationContext || 'body'];
    });
    return new ApiError('IsInvalidError', [...new Set(fields)]);
  }
  if (waitedForPool(raw))
    return new ApiError('ServiceConnectionError', undefined, {
      status: 503,
      reason: 'databaseBusy',
      retryAfter: POOL_RETRY_AFTER_S,
    });
  if (isDisconnected(raw)) return new ApiError('DisconnectedError');
  const status = raw.statusCode ?? 500;
  if (status === 404) return new ApiError('NotFoundError');
  if (status === 405 || status === 415) return new ApiError('NotSupportedError', undefined, { status });
  if (status === 429)
    return new ApiError('UnauthorizedError', undefined, { status, reason: 'tooManyAttempts' });
  if (status >= 400 && status < 500) return new ApiError('IsInvalidError', undefined, { status });
  return new ApiError('InternalServerError');
}

// PostgreSQL's connection exceptions (class 08), a server shutting down or terminating the backend (57P01..03),
// and the socket errors of a server that is gone or unreachable
const LOST_SQLSTATE = /^(08...|57P0[1-3])$/;
const LOST_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const LOST_MESSAGE =
  /Connection terminated|connection error|Client was closed|Cannot use a pool after calling end/i;
// what node-postgres' pool says when no connection came free within its wait (PG_POOL_WAIT_S); a connection that
// could not be opened in that time says `Connection terminated due to connection timeout` (unreachable)
const POOL_WAIT_MESSAGE = 'timeout exceeded when trying to connect';
// the pool was busy, not down: a few seconds later a connection is likely free
const POOL_RETRY_AFTER_S = 5;

/** Whether an error (or what it wraps) says a request waited for a pool connection longer than allowed. */
function waitedForPool(err: unknown): boolean {
  let cur = err as { message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; cur && typeof cur === 'object' && depth < 6; depth++) {
    if (cur.message === POOL_WAIT_MESSAGE) return true;
    cur = cur.cause as typeof cur;
  }
  return false;
}

/** Whether an error (or what it wraps: drizzle wraps the driver's) says the database cannot be reached. */
export function isDisconnected(err: unknown): boolean {
  let cur = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] } | undefined;
  for (let depth = 0; cur && typeof cur === 'object' && depth < 6; depth++) {
    const code = typeof cur.code === 'string' ? cur.code : '';
    if (LOST_SQLSTATE.test(code) || LOST_SOCKET.has(code)) return true;
    if (typeof cur.message === 'string' && LOST_MESSAGE.test(cur.message)) return true;
    // a refused connection to a host with several addresses is an AggregateError of the attempts
    if (Array.isArray(cur.errors) && cur.errors.some((e) => isDisconnected(e))) return true;
    cur = cur.cause as typeof cur;
  }
  return false;
}
