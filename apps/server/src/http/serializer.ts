import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response schema: the
 * same contract as the OpenAPI document, unknown keys dropped, and several times faster than checking every
 * row with zod on the way out.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  // compiled on a route's first answer: compiling every route's at start took seconds of each server's start
  let write: ((data: unknown) => string) | undefined;
  return (data: unknown) =>
    (write ??= fastJson(
      lenient(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' })) as object,
    ))(data);
};

/**
 * fast-json-stringify picks an `anyOf` branch by validating the value, so `additionalProperties: false` would turn
 * one stored key too many into a failed response. Without it the extra key is simply not written.
 */
function lenient(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lenient);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema))
    if (!(k === 'additionalProperties' && v === false)) out[k] = lenient(v);
  return out;
}
