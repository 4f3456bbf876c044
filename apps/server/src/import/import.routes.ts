import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema, IMPORTABLE } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import type { EntityService, Placement } from '../entities/entity.service.ts';
import { PassThrough } from 'node:stream';
import Papa from 'papaparse';
import { errorBody, requestLanguage } from '../http/api-error.ts';
import { toApiError } from '../http/error-handler.ts';
import { MAX_IMPORT_ROWS, MAX_PROBLEMS_SHOWN, openImport, type Problem } from './inventory-import.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const IMPORT_BYTES = 64 * 1024 * 1024;
const NDJSON = 'application/x-ndjson';

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
    moreProblems: z
      .number()
      .describe(
        `problems beyond the first ${MAX_PROBLEMS_SHOWN} listed: all of them come as CSV with Accept: text/csv`,
      ),
  }),
});

/** Every problem of a file as CSV, one a line, by row. */
const problemsCsv = (problems: Problem[]) =>
  `\uFEFF${Papa.unparse(
    problems.map((p) => [p.row, p.field ?? '', p.code, p.message, p.value ?? '']),
    { header: false, newline: '\r\n' },
  )}\r\n`;

/**
 * Inventory import (issue 15): one file of one device type, a dry run or all or nothing, at most MAX_IMPORT_ROWS
 * rows. Asked with `Accept: application/x-ndjson`, the answer streams the progress of a large file before its
 * result; asked with `Accept: text/csv`, the file is checked as a dry run and the answer is every problem as CSV
 * (row, field, code, message, value), where the JSON answer lists the first MAX_PROBLEMS_SHOWN.
 */
export function registerImportRoutes(
  app: FastifyInstance,
  db: Db,
  repo: EntityRepository,
  service: EntityService,
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
          description: `A file of at most ${MAX_IMPORT_ROWS} rows; one of more is refused (IsInvalidError, reason tooManyRows) as it is read.`,
          body: z.strictObject({
            format: z.enum(['csv', 'geojson']),
            content: z.string().max(IMPORT_BYTES),
            // field name (or location.lon / location.lat) -> the file's column
            columns: z.record(z.string(), z.string()),
            dryRun: z.boolean().default(false),
            group: idSchema
              .optional()
              .describe('the group the rows go to, for a caller of no group of their own (theirs otherwise)'),
          }),
          response: { 200: answer, ...errorResponses },
        },
        config: {
          access: { area: e.area, action: 'create', groupOwned: Boolean(e.groupField) },
          readsFileText: true,
        },
      },
      async (req, reply) => {
        const lang = requestLanguage(req);
        const accept = req.headers.accept ?? '';
        if (accept.includes('text/csv')) {
          const input = { ...req.body, dryRun: true, lang };
          const { problems } = await openImport({ db, repo, service, placement }, req.caller, e, input).run(
            undefined,
            true,
          );
          return reply.type('text/csv; charset=utf-8').send(problemsCsv(problems) as never);
        }
        const job = openImport({ db, repo, service, placement }, req.caller, e, { ...req.body, lang });
        if (!accept.includes(NDJSON)) return { error: false as const, result: await job.run() };
        // a large file: a line per step of its progress, then the answer (or the error) as the last line
        const out = new PassThrough();
        const line = (value: object) => out.write(`${JSON.stringify(value)}\n`);
        job
          .run((progress) => line({ progress }))
          .then((result) => line({ error: false, result }))
          .catch((err: unknown) => {
            const failed = toApiError(err as FastifyError);
            if (failed.status >= 500) req.log.error({ err }, 'import failed');
            line(errorBody(failed, lang));
          })
          .finally(() => out.end());
        // the stream is sent as it is: the answer schema describes the JSON form
        return reply.type(NDJSON).send(out as never);
      },
    );
  }
}
