import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, IMPORTABLE } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import type { Placement } from '../entities/entity.service.ts';
import { requestLanguage } from '../http/api-error.ts';
import { importInventory } from '../import/inventory-import.ts';
import { errorResponses } from './entity-schemas.ts';

const IMPORT_BYTES = 64 * 1024 * 1024;

const answer = z.object({
  error: z.literal(false),
  result: z.object({
    rows: z.number(),
    imported: z.number(),
    dryRun: z.boolean(),
    problems: z.array(
      z.object({
        row: z.number(),
        field: z.string().optional(),
        code: z.string(),
        message: z.string(),
        value: z.string().optional(),
      }),
    ),
  }),
});

/** Inventory import (issue 15): one file of one device type, a dry run or all or nothing. */
export function registerImportRoutes(
  app: FastifyInstance,
  db: Db,
  repo: EntityRepository,
  placement?: Placement,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const name of IMPORTABLE) {
    const e = entity(name);
    r.post(
      `/api/v2/import/${name}`,
      {
        bodyLimit: IMPORT_BYTES,
        schema: {
          tags: [name],
          body: z.strictObject({
            format: z.enum(['csv', 'geojson']),
            content: z.string().max(IMPORT_BYTES),
            // field name (or location.lon / location.lat) -> the file's column
            columns: z.record(z.string(), z.string()),
            dryRun: z.boolean().default(false),
          }),
          response: { 200: answer, ...errorResponses },
        },
        config: { access: { area: e.area, action: 'create', groupOwned: Boolean(e.groupField) } },
      },
      async (req) => {
        const result = await importInventory({ db, repo, placement }, req.caller, e, {
          ...req.body,
          lang: requestLanguage(req),
        });
        return { error: false as const, result };
      },
    );
  }
}
