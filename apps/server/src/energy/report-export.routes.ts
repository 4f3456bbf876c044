import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_TYPES, reportTable } from '@sl/domain/energy';
import type { ReportService } from './report.service.ts';
import { reportFile } from './report-files.ts';
import { energySaved } from './saved.service.ts';
import { requestLanguage } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { reportQuery, savedQuery } from './reports.routes.ts';

const TYPES = {
  mime: {
    csv: 'text/csv; charset=utf-8',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
};

/** A report as a file: CSV or Excel, with the titles in the caller's language. */
export function registerReportExportRoutes(app: FastifyInstance, reports: ReportService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const type of [...REPORT_TYPES, 'energy-saved'] as const) {
    const saved = type === 'energy-saved';
    r.get(
      `/api/v2/reports/${type}/export`,
      {
        schema: {
          tags: ['energy'],
          summary: `The ${type} report as a CSV or Excel file (format), same query as the report.`,
          querystring: (saved ? savedQuery : reportQuery).extend({
            format: z.enum(['csv', 'xlsx']).default('xlsx'),
          }),
          produces: [TYPES.mime.csv, TYPES.mime.xlsx],
          response: { 200: z.custom<Buffer>().describe('the file'), ...errorResponses },
        },
        config: {
          access: { area: saved ? 'LuminaryModules' : 'Meters', action: 'view', groupOwned: true },
        },
      },
      async (req, reply) => {
        const { format, ...q } = req.query;
        const result = saved
          ? await energySaved(reports, req.caller, q as never)
          : type === 'consumption'
            ? await reports.consumption(req.caller, q)
            : type === 'indications'
              ? await reports.indications(req.caller, q)
              : await reports.instantValues(req.caller, q);
        const table = reportTable(type, result, requestLanguage(req));
        const file = await reportFile(table, format, type);
        return reply
          .header('content-type', TYPES.mime[format])
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="${type}-${result.start.slice(0, 10)}.${format}"`,
          )
          .send(file);
      },
    );
  }
}
