import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  openOrdersTable,
  PARTS_GROUPINGS,
  partsUsedTable,
  REPAIR_GROUPINGS,
  repairTimesTable,
} from '@sl/domain';
import type { ReportService } from '../energy/report.service.ts';
import { reportFile } from '../energy/report-files.ts';
import { reportQuery } from '../energy/reports.routes.ts';
import type { Clock } from '../lighting/program-service.ts';
import { requestLanguage } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { openOrders, repairTimes } from './maintenance-reports.ts';
import { partsUsed } from './parts-used.ts';

const access = { access: { area: 'WorkOrders' as const, action: 'view' as const, groupOwned: true } };
const openQuery = reportQuery.pick({ group: true, city: true });
const repairQuery = reportQuery
  .pick({ start: true, end: true, group: true, city: true })
  .extend({ by: z.enum(REPAIR_GROUPINGS).default('faultKind') });
const partsQuery = reportQuery
  .pick({ start: true, end: true, group: true, city: true })
  .extend({ by: z.enum(PARTS_GROUPINGS).default('kind') });
const fileQuery = { format: z.enum(['csv', 'xlsx']).default('xlsx') };
const MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const key = { key: z.number().nullable(), name: z.string().nullable() };
const repairFigures = {
  done: z.number(),
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
  withinServiceLevel: z.number(),
  withoutServiceLevel: z.number(),
  withinShare: z.number().nullable(),
};
const partsFigures = { months: z.array(z.number()), total: z.number() };
const openFigures = { ages: z.array(z.number()), open: z.number(), late: z.number() };
const head = {
  type: z.string(),
  start: z.string(),
  end: z.string(),
  city: z.object({ _id: z.number(), timezone: z.string(), currency: z.string().nullable() }),
};
const answer = <T extends z.ZodType>(result: T) => ({
  200: z.object({ error: z.literal(false), result }),
  ...errorResponses,
});

const SCOPE =
  'Scope: the caller’s group (an admin: `group`, else every group), a crew member’s own crews’ orders; `city` gives the clock (default: the group’s first city). A row’s `key` is the id of its fault kind, district or crew, null for the orders without one (a row of its own).';

/** Issue 32's maintenance reports, and each as a CSV or Excel file with the titles in the caller's language. */
export function registerMaintenanceReportRoutes(app: FastifyInstance, reports: ReportService, clock: Clock) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v2/reports/maintenance/open-orders',
    {
      schema: {
        tags: ['WorkOrders'],
        summary: `The open work orders (NEW, ASSIGNED, IN_PROGRESS, REOPENED) now, per fault kind, counted by age (from when each was opened) in the buckets ending at \`ageBoundsHours\` (the last open-ended); \`late\`: past their due date. ${SCOPE}`,
        querystring: openQuery,
        response: answer(
          z.object({
            ...head,
            at: z.string(),
            ageBoundsHours: z.array(z.number()),
            rows: z.array(z.object({ ...key, ...openFigures })),
            total: z.object(openFigures),
          }),
        ),
      },
      config: access,
    },
    async (req) => ({
      error: false as const,
      result: await openOrders(reports, req.caller, req.query, clock.now()),
    }),
  );
  r.get(
    '/api/v2/reports/maintenance/repair-times',
    {
      schema: {
        tags: ['WorkOrders'],
        summary: `The work orders done (DONE or VERIFIED) from \`start\` to \`end\` (ISO instants, or plain days YYYY-MM-DD on the city’s clock: from the start of \`start\`’s day to the end of \`end\`’s; default: today so far), \`by\` fault kind, district (of the order’s first mounting, else cabinet, lamp or module placed in one) or crew, and in all: the median and 90th percentile of the hours from opened to done, and the share done by the due date of those that had one (\`withoutServiceLevel\`: without a due date; \`withinShare\` null when none had one). ${SCOPE}`,
        querystring: repairQuery,
        response: answer(
          z.object({
            ...head,
            by: z.enum(REPAIR_GROUPINGS),
            rows: z.array(z.object({ ...key, ...repairFigures })),
            total: z.object(repairFigures),
          }),
        ),
      },
      config: access,
    },
    async (req) => ({ error: false as const, result: await repairTimes(reports, req.caller, req.query) }),
  );
  r.get(
    '/api/v2/reports/maintenance/open-orders/export',
    {
      schema: {
        tags: ['WorkOrders'],
        summary: 'The open-orders report as a CSV or Excel file (format), same query as the report.',
        querystring: openQuery.extend(fileQuery),
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: z.custom<Buffer>().describe('the file'), ...errorResponses },
      },
      config: access,
    },
    async (req, reply) => {
      const { format, ...q } = req.query;
      const result = await openOrders(reports, req.caller, q, clock.now());
      const file = await reportFile(openOrdersTable(result, requestLanguage(req)), format, 'open-orders');
      return sendFile(reply, format, file, `open-orders-${result.at.slice(0, 10)}`);
    },
  );
  r.get(
    '/api/v2/reports/maintenance/repair-times/export',
    {
      schema: {
        tags: ['WorkOrders'],
        summary: 'The repair-times report as a CSV or Excel file (format), same query as the report.',
        querystring: repairQuery.extend(fileQuery),
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: z.custom<Buffer>().describe('the file'), ...errorResponses },
      },
      config: access,
    },
    async (req, reply) => {
      const { format, ...q } = req.query;
      const result = await repairTimes(reports, req.caller, q);
      const file = await reportFile(repairTimesTable(result, requestLanguage(req)), format, 'repair-times');
      return sendFile(reply, format, file, `repair-times-${result.by}-${result.start.slice(0, 10)}`);
    },
  );
  r.get(
    '/api/v2/reports/maintenance/parts-used',
    {
      schema: {
        tags: ['WorkOrders'],
        summary: `The parts replaced (PartReplacements) on the days from \`start\` to \`end\` (plain days YYYY-MM-DD on the city’s clock, or ISO instants; default: today so far), counted per month of their day (\`months\`, YYYY-MM, every month of the range) \`by\` kind (LAMP, DRIVER, CONTROL_MODULE: a row each, used or not) or model fitted (a row per model, \`key\` null for the parts given none), with the total. ${SCOPE}`,
        querystring: partsQuery,
        response: answer(
          z.object({
            ...head,
            by: z.enum(PARTS_GROUPINGS),
            months: z.array(z.string()),
            rows: z.array(
              z.object({
                key: z.union([z.string(), z.number()]).nullable(),
                name: z.string().nullable(),
                ...partsFigures,
              }),
            ),
            total: z.object(partsFigures),
          }),
        ),
      },
      config: access,
    },
    async (req) => ({ error: false as const, result: await partsUsed(reports, req.caller, req.query) }),
  );
  r.get(
    '/api/v2/reports/maintenance/parts-used/export',
    {
      schema: {
        tags: ['WorkOrders'],
        summary: 'The parts-used report as a CSV or Excel file (format), same query as the report.',
        querystring: partsQuery.extend(fileQuery),
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: z.custom<Buffer>().describe('the file'), ...errorResponses },
      },
      config: access,
    },
    async (req, reply) => {
      const { format, ...q } = req.query;
      const result = await partsUsed(reports, req.caller, q);
      const file = await reportFile(partsUsedTable(result, requestLanguage(req)), format, 'parts-used');
      return sendFile(reply, format, file, `parts-used-${result.by}-${result.start.slice(0, 10)}`);
    },
  );
}

function sendFile(reply: FastifyReply, format: keyof typeof MIME, file: Buffer, name: string) {
  return reply
    .header('content-type', MIME[format])
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .send(file);
}
