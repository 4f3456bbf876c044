import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, errorBody, requestLanguage } from './api-error.ts';

/** Every failure leaves as `{ error: true, code, message, fields? }` with a catalogue code; never a bare 500 for bad input. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((raw: FastifyError | ApiError, req, reply) => {
    const err = toApiError(raw);
    if (err.status >= 500) req.log.error({ err: raw }, 'request failed');
    return reply.status(err.status).send(errorBody(err, requestLanguage(req)));
  });
}

function toApiError(raw: FastifyError | ApiError): ApiError {
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
  const status = raw.statusCode ?? 500;
  if (status === 404) return new ApiError('NotFoundError');
  if (status === 405 || status === 415) return new ApiError('NotSupportedError', undefined, { status });
  if (status === 429)
    return new ApiError('UnauthorizedError', undefined, { status, reason: 'tooManyAttempts' });
  if (status >= 400 && status < 500) return new ApiError('IsInvalidError', undefined, { status });
  return new ApiError('InternalServerError');
}
