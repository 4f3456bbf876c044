import type { z } from 'zod';

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Validates a payload and writes it as the JSON that goes on the wire; throws on an invalid payload. */
export const encode = <S extends z.ZodType>(schema: S, value: z.input<S>): string =>
  JSON.stringify(schema.parse(value));

/** Reads a payload off the wire; never throws. */
export function decode<S extends z.ZodType>(schema: S, raw: Uint8Array | string): Decoded<z.output<S>> {
  let json: unknown;
  try {
    json = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const r = schema.safeParse(json);
  return r.success ? { ok: true, value: r.data } : { ok: false, reason: describeIssues(r.error) };
}

export const describeIssues = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
