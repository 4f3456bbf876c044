import { z } from 'zod';
import type { Entity } from './entity.ts';
import { textLimit, type Field } from './fields.ts';
import { LATITUDE, LONGITUDE } from './lng-lat.ts';

// zod schemas derived from a declaration: what a client may send (create, patch) and what a row looks like.

const hasNoNul = (v: string) => !v.includes('\u0000');

export const idSchema = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
]);

const lon = z.number().min(LONGITUDE.min).max(LONGITUDE.max);
const lat = z.number().min(LATITUDE.min).max(LATITUDE.max);
export const pointSchema = z.strictObject({ type: z.literal('Point'), coordinates: z.tuple([lon, lat]) });

const INT32 = 2 ** 31;
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

export function inputSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case 'text': {
      // PostgreSQL's text cannot hold a NUL: refused here, by field, before any query meets it
      let s = z.string().max(textLimit(field)).refine(hasNoNul);
      if (field.required) s = s.min(1);
      return field.pattern ? s.regex(field.pattern) : s;
    }
    case 'password':
      return z.string().min(1).max(200);
    case 'int':
      return bounded(z.number().int(), field.min ?? -INT32, field.max ?? INT32 - 1);
    case 'float':
      return bounded(z.number(), field.min, field.max);
    case 'bool':
      return z.boolean();
    case 'enum':
      return z.enum(field.values as [string, ...string[]]);
    case 'intEnum':
      return z.literal(field.values as number[]);
    case 'timestamp':
      return z.iso.datetime({ offset: true });
    case 'day':
      return z.iso.date();
    case 'time':
      return timeOfDay;
    case 'ref':
      return idSchema;
    case 'refs':
      return z.array(idSchema).max(100_000);
    case 'point':
      return pointSchema;
    case 'object':
      return objectSchema(field.fields, 'input');
    case 'list': {
      let s = z.array(inputSchema(field.of)).max(field.max ?? 10_000);
      if (field.min !== undefined) s = s.min(field.min);
      return s;
    }
    case 'json':
      return z.record(z.string(), z.unknown());
  }
}

function bounded(s: z.ZodNumber, min?: number, max?: number) {
  let out = s;
  if (min !== undefined) out = out.min(min);
  if (max !== undefined) out = out.max(max);
  return out;
}

function objectSchema(fields: Record<string, Field>, mode: 'input' | 'output'): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(fields)) {
    if (mode === 'input' && f.readOnly) continue;
    if (mode === 'output' && f.writeOnly) continue;
    const s = mode === 'input' ? inputSchema(f) : outputSchema(f);
    shape[name] = mode === 'input' && f.required ? s : s.nullish();
  }
  return mode === 'input' ? z.strictObject(shape) : z.object(shape);
}

export function outputSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case 'object':
      return objectSchema(field.fields, 'output');
    case 'list':
      return z.array(outputSchema(field.of));
    case 'ref':
      return z.union([z.number(), z.record(z.string(), z.unknown())]);
    case 'refs':
      return z.array(z.union([z.number(), z.record(z.string(), z.unknown())]));
    case 'timestamp':
      return z.string();
    case 'point':
      return z.object({ type: z.literal('Point'), coordinates: z.array(z.number()) });
    case 'json':
      // raw device data: whatever the device sent
      return z.unknown();
    default:
      return inputSchema(field);
  }
}

const writable = (e: Entity) => Object.entries(e.fields).filter(([, f]) => !f.readOnly);

export function createSchema(e: Entity) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of writable(e)) shape[name] = f.required ? inputSchema(f) : inputSchema(f).optional();
  return z.strictObject(shape);
}

/** Every writable field optional; null clears a field that is not required. */
export function patchSchema(e: Entity, withId = false) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of writable(e))
    shape[name] = f.required ? inputSchema(f).optional() : inputSchema(f).nullish();
  if (withId) shape._id = idSchema;
  return z.strictObject(shape);
}

export const systemFields = {
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullish(),
  createdBy: z.number().nullish(),
  updatedBy: z.number().nullish(),
};

export function rowSchema(e: Entity) {
  const shape: Record<string, z.ZodType> = { _id: z.number() };
  for (const [name, f] of Object.entries(e.fields)) if (!f.writeOnly) shape[name] = outputSchema(f).nullish();
  return z.object({ ...shape, ...systemFields });
}
