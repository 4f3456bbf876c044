import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { MAX_AREA_MODULES, moduleIdsIn } from '../field/area-modules.ts';
import { ApiError } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { areaParam } from './area-param.ts';
import { searchDevices } from './device-search.ts';
import { MAP_LAYERS } from './tiles.ts';

const tags = ['map'];
const MAX_FOUND = 50;

const foundOut = z.object({
  layer: z.enum(MAP_LAYERS),
  _id: z.number(),
  field: z.string(),
  text: z.string(),
  title: z.string(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
});

/** The map's search box, and the control modules in a district or in an area drawn on the map (ours). */
export function registerMapFindRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v2/map/search',
    {
      schema: {
        tags,
        description:
          'Devices whose pole id, MAC, name, street or address starts with `q` (any case; a MAC in any of its ' +
          'forms), exact matches first, at most `limit`, among the layers and the group the caller may see.',
        querystring: z.strictObject({
          q: z.string().trim().min(1).max(100),
          limit: z.coerce.number().int().min(1).max(MAX_FOUND).default(10),
        }),
        response: {
          200: z.object({ error: z.literal(false), result: z.array(foundOut) }),
          ...errorResponses,
        },
      },
      config: { access: { area: 'SingleRequest', action: 'view' } },
    },
    async (req) => ({
      error: false as const,
      result: await searchDevices(db, req.caller, req.query.q, req.query.limit),
    }),
  );

  const modules = entity('LuminaryModules');
  r.get(
    '/api/v2/map/area',
    {
      schema: {
        tags,
        description:
          'The control modules a dim `by=district` or `by=area` would address: in the district, or in the area ' +
          `drawn as lon,lat;lon,lat;… (by their own place or their mounting's). More than ${MAX_AREA_MODULES} ` +
          'is refused (IsInvalidError, reason tooManyModules), as the command would be.',
        querystring: z.strictObject({ district: idSchema.optional(), area: areaParam.optional() }),
        response: {
          200: z.object({
            error: z.literal(false),
            result: z.object({ modules: z.array(z.number()), max: z.number() }),
          }),
          ...errorResponses,
        },
      },
      config: { access: { area: modules.area, action: 'view', groupOwned: true } },
    },
    async (req) => {
      const { district, area } = req.query;
      if ((district === undefined) === (area === undefined))
        throw new ApiError('IsInvalidError', ['district', 'area']);
      const where = district !== undefined ? { district } : { area: area! };
      return {
        error: false as const,
        result: { modules: await moduleIdsIn(db, req.caller, where), max: MAX_AREA_MODULES },
      };
    },
  );
}
