import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITIES, type Entity } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { exportCsv } from './export-csv.ts';
import type { EntityRepository } from './entity.repository.ts';
import { parseListQuery } from './list-query.ts';
import { ApiError, requestLanguage } from '../http/api-error.ts';
import type { StreamSlots } from '../http/stream-slots.ts';
import { entitySchemas, errorResponses } from './entity-schemas.ts';
import { entityAccess, type ZodApp } from './entity.routes.ts';

type Query = Record<string, string | string[] | undefined>;

/**
 * `GET /api/v2/{E}/export`: every row the same list query matches (filters, q, sort, deleted, aggregate; not
 * skip and limit), as CSV streamed a batch at a time, in the caller's language and time zone (`tz`).
 */
export function registerExportRoutes(
  app: FastifyInstance,
  db: Db,
  repo: EntityRepository,
  slots: StreamSlots,
) {
  for (const e of ENTITIES) registerExport(app.withTypeProvider<ZodTypeProvider>(), e, db, repo, slots);
}

function registerExport(r: ZodApp, e: Entity, db: Db, repo: EntityRepository, slots: StreamSlots) {
  const { config, seeDeleted } = entityAccess(e);
  const querystring = entitySchemas(e).query.extend({
    tz: z.string().optional().describe('IANA time zone of the times written (default UTC)'),
  });
  r.get(
    `/api/v2/${e.name}/export`,
    {
      schema: {
        tags: [e.name],
        summary: `${e.label['en-us']} as CSV`,
        querystring,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, UTF-8 with a byte order mark'), ...errorResponses },
      },
      config: config('view'),
    },
    async (req, reply) => {
      const { tz, skip: _skip, limit: _limit, ...rest } = req.query as Query;
      const q = parseListQuery(e, rest);
      seeDeleted(req, rest.deleted);
      const timeZone = zoneOf(tz);
      const lang = requestLanguage(req);
      const csv = await slots.stream(req.caller, async () =>
        exportCsv(db, repo, e, req.caller, q, { lang, timeZone }),
      );
      const file = `${e.label[lang]} ${new Date().toISOString().slice(0, 10)}.csv`;
      return (
        reply
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="${e.name}.csv"; filename*=UTF-8''${encodeURIComponent(file)}`,
          )
          .type('text/csv; charset=utf-8')
          // the schema describes the text for the document; a stream is sent as it is, never serialised
          .send(csv as unknown as string)
      );
    },
  );
}

function zoneOf(tz: string | string[] | undefined): string {
  if (tz === undefined || tz === '') return 'UTC';
  try {
    if (typeof tz === 'string')
      return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    // not a time zone: refused below
  }
  throw new ApiError('IsInvalidError', ['tz']);
}
