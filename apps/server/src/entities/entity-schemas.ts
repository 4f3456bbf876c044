import { z } from 'zod';
import { createSchema, ERRORS, idSchema, isScalar, patchSchema, rowSchema, type Entity } from '@sl/domain';

// Route schemas for one entity, derived from its declaration (they also make the OpenAPI document).

const errorSchema = z.object({
  error: z.literal(true),
  code: z.enum(Object.keys(ERRORS) as [string, ...string[]]),
  message: z.string(),
  fields: z.array(z.string()).optional(),
  reason: z.string().optional(),
});
export const errorResponses = {
  429: errorSchema,
  503: errorSchema,
  504: errorSchema,
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  405: errorSchema,
  410: errorSchema,
};

const param = z.union([z.string(), z.array(z.string())]).optional();

/** A record as sent: every field may be absent (name lists) except `_id`. */
export const rowOut = (e: Entity) => rowSchema(e).partial().extend({ _id: z.number() });

export function entitySchemas(e: Entity) {
  const row = rowOut(e);
  const page = z.object({
    total: z.number(),
    estimated: z.literal(true).optional().describe('total is the planner estimate: the exact count was slow'),
    skip: z.number(),
    limit: z.number(),
    data: z.array(row),
  });
  const filters: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(e.fields)) {
    if (f.kind === 'object' && !f.derived && !f.writeOnly)
      for (const [part, inner] of Object.entries(f.fields))
        if (isScalar(inner)) filters[`${name}.${part}`] = param.describe(`the ${part} value of ${name}`);
    if (f.writeOnly || !(isScalar(f) || f.kind === 'refs')) continue;
    filters[name] = param;
    if (['int', 'float', 'timestamp', 'day', 'time', 'text'].includes(f.kind)) {
      filters[`${name}_gte`] = param;
      filters[`${name}_lte`] = param;
    }
  }
  const query = z.looseObject({
    skip: param,
    limit: param,
    sort: param.describe('field, or -field for descending; comma-separated'),
    order: param,
    inc: param.describe('only these fields (comma-separated), with _id'),
    q: param.describe('text search'),
    deleted: param.describe('true: include deleted rows; only: just them'),
    type: param.describe('all: linked objects resolved'),
    bbox: param.describe('minLon,minLat,maxLon,maxLat'),
    id: param,
    ...filters,
  });
  return {
    row,
    page,
    query,
    create: createSchema(e),
    patch: patchSchema(e),
    patchWithId: patchSchema(e, true),
    idParams: z.object({ id: idSchema }),
    envelope: <T extends z.ZodType>(result: T) => z.object({ error: z.literal(false), result }),
  };
}
