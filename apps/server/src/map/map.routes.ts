import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, MAP_RADII, placeOf } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import type { ApiRow } from '../entities/row-mapper.ts';
import type { MapIndex } from './map-index.ts';
import { MAP_LAYERS, type MapLayer } from './tiles.ts';
import { withDerivedStatus } from '../entities/derived-status.ts';
import { withoutRawData } from '../entities/raw-data.ts';
import { ApiError } from '../http/api-error.ts';
import { errorResponses, rowOut } from '../entities/entity-schemas.ts';

const access = { access: { area: 'SingleRequest' as const, action: 'view' as const } };
const tags = ['map'];
const filter = z.enum(['all', 'unused', 'broken']).default('all');

// spec §9: 50000 m for the full load, 500 otherwise, 5 at module level, 100 for neighbours
const singleRequestQuery = z.strictObject({
  // absent, the answer is CoordinatesIsNull (spec §8) rather than a field error
  lat: z.coerce.number().min(-90).max(90).optional(),
  lon: z.coerce.number().min(-180).max(180).optional(),
  radius: z.coerce.number().positive().max(MAP_RADII.fullLoad).optional(),
  limit: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
  models: z
    .string()
    .default(MAP_LAYERS.join(','))
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.enum(MAP_LAYERS)).min(1)),
  aggregate: z.enum(['unused', 'broken']).optional(),
});
const singleRequestResult = z.object(
  Object.fromEntries(MAP_LAYERS.map((l) => [l, z.array(rowOut(entity(l))).optional()])),
);

/** Asked for modules alone, the query is at a module's place (spec §9 module-level bounds, 5 m), else a view's. */
const defaultRadius = (models: readonly MapLayer[]) =>
  models.length === 1 && models[0] === 'LuminaryModules' ? MAP_RADII.moduleBounds : MAP_RADII.default;

/** The layers whose rows the caller may see. */
const layersFor = (caller: Caller, wanted: readonly MapLayer[] = MAP_LAYERS) =>
  wanted.filter((l) => caller.allows(entity(l).area, 'view', true));

const PAGE = 1000;

const summaryOut = z.object({
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  counts: z.record(z.string(), z.number()),
  version: z.number(),
  // status changes since the start: the console asks for tiles anew when it moves, for cluster colours
  reported: z.number(),
});

/** Spec §7 `SingleRequest/all`, and the map's vector tiles and summary. */
export function registerMapRoutes(app: FastifyInstance, index: MapIndex, repo: EntityRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function singleRequest(caller: Caller, q: z.infer<typeof singleRequestQuery>) {
    const { lat, lon } = q;
    if (lat === undefined || lon === undefined)
      throw new ApiError(
        'CoordinatesIsNull',
        lat === undefined ? ['lat', 'lon'].slice(0, lon === undefined ? 2 : 1) : ['lon'],
      );
    const layers = layersFor(caller, q.models);
    const near = await index.near({ lon, lat }, q.radius ?? defaultRadius(q.models), {
      layers,
      groupId: caller.groupId,
      filter: q.aggregate ?? 'all',
      limit: q.limit,
    });
    const result: Record<string, ApiRow[]> = Object.fromEntries(layers.map((l) => [l, []]));
    for (const layer of layers) {
      const ids = near.filter((n) => n.layer === layer).map((n) => n.id);
      const e = entity(layer);
      const rows = new Map<number, ApiRow>();
      for (let i = 0; i < ids.length; i += PAGE)
        for (const row of await repo.byIds(e, caller, ids.slice(i, i + PAGE))) rows.set(row._id, row);
      // nearest first; a row deleted since the index was built is left out
      const live = ids.map((id) => rows.get(id)).filter((row) => row && !row.deletedAt) as ApiRow[];
      result[layer] = withoutRawData(e, caller, await withDerivedStatus(repo, e, caller, live));
    }
    return result;
  }

  /** Where the current map item stands, if the caller may see it and it has a place; else the city is shown. */
  async function itemPlace(caller: Caller, item: string) {
    const [layer, id] = item.split(':') as [MapLayer, string];
    if (!layersFor(caller).includes(layer)) return undefined;
    const found = await repo.get(entity(layer), caller, Number(id));
    const place = found && !found.deletedAt ? placeOf(found) : undefined;
    return place && { lon: place[0], lat: place[1] };
  }

  for (const version of ['v1', 'v2'] as const) {
    r.get(
      `/api/${version}/SingleRequest/all`,
      {
        schema: {
          tags,
          querystring: singleRequestQuery,
          response: {
            200:
              version === 'v1'
                ? singleRequestResult
                : z.object({ error: z.literal(false), result: singleRequestResult }),
            ...errorResponses,
          },
        },
        config: access,
      },
      async (req) => {
        const result = await singleRequest(req.caller, req.query);
        return version === 'v1' ? result : { error: false as const, result };
      },
    );
  }

  r.get(
    '/api/v2/map/summary',
    {
      schema: {
        tags,
        description:
          'Bounds around every device of the caller, and per layer the count of those the filter shows.',
        querystring: z.strictObject({ filter }),
        response: {
          200: z.object({ error: z.literal(false), result: summaryOut }),
          ...errorResponses,
        },
      },
      config: access,
    },
    async (req) => ({
      error: false as const,
      result: await index.summary(req.caller.groupId, layersFor(req.caller), req.query.filter),
    }),
  );

  r.get(
    '/api/v2/map/first-view',
    {
      schema: {
        tags,
        description:
          'The city as the map first shows it in a screen of width × height pixels: the summary, the camera ' +
          'that fits the devices (or, with item=Layer:id, centres the current map item at street zoom; onItem ' +
          'says which), and each device or cluster in view as [lon, lat, count, status, active].',
        querystring: z.strictObject({
          width: z.coerce.number().int().min(1).max(4096),
          height: z.coerce.number().int().min(1).max(4096),
          filter,
          layers: z
            .string()
            .default(MAP_LAYERS.join(','))
            .transform((s) => s.split(',').filter(Boolean))
            .pipe(z.array(z.enum(MAP_LAYERS))),
          item: z
            .string()
            .regex(new RegExp(`^(${MAP_LAYERS.join('|')}):\\d{1,15}$`))
            .optional(),
        }),
        response: {
          200: z.object({
            error: z.literal(false),
            result: z.object({
              summary: summaryOut,
              camera: z.object({ lon: z.number(), lat: z.number(), zoom: z.number() }).nullable(),
              features: z.record(z.string(), z.array(z.array(z.number()))),
              onItem: z.boolean(),
            }),
          }),
          ...errorResponses,
        },
      },
      config: access,
    },
    async (req) => {
      const { width, height, filter: shownFilter, layers, item } = req.query;
      const counted = layersFor(req.caller);
      const shown = counted.filter((l) => layers.includes(l));
      const at = item ? await itemPlace(req.caller, item) : undefined;
      return {
        error: false as const,
        result: await index.firstView(
          req.caller.groupId,
          { counted, shown },
          shownFilter,
          { width, height },
          at,
        ),
      };
    },
  );

  r.get(
    '/api/v2/map/tiles/:z/:x/:y.pbf',
    {
      schema: {
        tags,
        params: z.object({
          z: z.coerce.number().int().min(0).max(22),
          x: z.coerce.number().int().min(0),
          y: z.coerce.number().int().min(0),
        }),
        querystring: z.object({ filter, v: z.string().max(32).optional() }),
      },
      config: access,
    },
    async (req, reply) => {
      const { z: zoom, x, y } = req.params;
      const bytes = await index.tile(
        {
          z: zoom,
          x: x % 2 ** zoom,
          y: Math.min(y, 2 ** zoom - 1),
          filter: req.query.filter,
          groupId: req.caller.groupId,
        },
        layersFor(req.caller),
      );
      // the version in the address changes when the devices do, so a tile may be kept a while
      return reply
        .header('cache-control', 'private, max-age=60')
        .type('application/x-protobuf')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
}
