import { ERRORS, errorMessage, LANGUAGES, type ErrorCode, type Language } from '@sl/domain';
import type { FastifyRequest } from 'fastify';

/** An error the API answers with a catalogue code (spec §8). `fields` names what was wrong. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly fields?: string[];
  readonly status: number;
  /** which rule refused it, where the code alone does not say (e.g. `passwordTooShort`) */
  readonly reason?: string;
  /** seconds before asking again is worth it (sent as Retry-After) */
  readonly retryAfter?: number;
  constructor(
    code: ErrorCode,
    fields?: string[],
    opts: { status?: number; reason?: string; retryAfter?: number } = {},
  ) {
    super(code);
    this.code = code;
    if (fields?.length) this.fields = fields;
    this.status = opts.status ?? ERRORS[code].status;
    if (opts.reason) this.reason = opts.reason;
    if (opts.retryAfter !== undefined) this.retryAfter = opts.retryAfter;
  }
}

export type ErrorBody = { error: true; code: ErrorCode; message: string; fields?: string[]; reason?: string };

export function errorBody(err: ApiError, lang: Language): ErrorBody {
  const body: ErrorBody = { error: true, code: err.code, message: errorMessage(err.code, lang) };
  if (err.fields) body.fields = err.fields;
  if (err.reason) body.reason = err.reason;
  return body;
}

/** The stored choice (cookie `lang`), then the browser's Accept-Language, then en-us (spec §1). */
export function requestLanguage(req: Pick<FastifyRequest, 'headers'>): Language {
  const cookie = /(?:^|;\s*)lang=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (cookie && (LANGUAGES as readonly string[]).includes(cookie)) return cookie as Language;
  const accepted = req.headers['accept-language'] ?? '';
  for (const part of accepted.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('ru')) return 'ru';
    if (tag.startsWith('en')) return 'en-us';
  }
  return 'en-us';
}
