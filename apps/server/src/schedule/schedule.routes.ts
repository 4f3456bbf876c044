import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applySaveRules, createSchema, idSchema } from '@sl/domain';
import { readScheduleLines, localDays, type ScheduleDay } from '@sl/domain/schedule';
import { requestLanguage } from '../http/api-error.ts';
import { scheduleCsv } from './schedule-csv.ts';
import { FILE_LABELS, scheduleWorkbook } from './schedule-workbook.ts';
import { Schedule, type ScheduleService, type MonthRecord } from './schedule.service.ts';
import { entityAccess } from '../entities/entity.routes.ts';
import { errorResponses, rowOut } from '../entities/entity-schemas.ts';
import { specialRoute } from '../entities/special-route.ts';
import {
  SCHEDULE_PROBLEM_LINES,
  XLSX,
  acceptScheduleFiles,
  fileMonths,
  refuseFile,
  uploadOptions,
  uploadedLines,
} from './schedule-upload.ts';

const tags = [Schedule.name];
const { config } = entityAccess(Schedule);
const row = rowOut(Schedule);
const envelope = <T extends z.ZodType>(result: T) => z.object({ error: z.literal(false), result });
const params = z.object({ controller: idSchema });

/** The power schedule (spec §2, §3, §5, §7; issue 12): the month's upsert, the file download and upload. */
export function registerScheduleRoutes(app: FastifyInstance, schedules: ScheduleService) {
  registerSave(app, schedules);
  registerDownload(app, schedules);
  void app.register(async (scope) => registerUpload(scope, schedules));
}

function registerSave(app: FastifyInstance, schedules: ScheduleService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const summary =
    'Sets a controller’s month (spec §7 “POST per month”): `timeData` holds its days with off and on times in UTC. A month that already has a record is changed, never doubled (201 created, 200 changed; a change needs the edit right). The record belongs to the controller’s group.';
  const body = createSchema(Schedule);
  const preValidation = async (req: FastifyRequest) => {
    const b = req.body;
    if (b && typeof b === 'object' && !Array.isArray(b))
      req.body = applySaveRules(Schedule, b as Record<string, unknown>, 'create');
  };
  const save = (req: FastifyRequest) => schedules.save(req.caller, req.body as MonthRecord);
  for (const v2 of [false, true]) {
    const ok = v2 ? envelope(row) : row;
    r.post(
      `/api/${v2 ? 'v2' : 'v1'}/${Schedule.name}`,
      {
        ...specialRoute(app),
        schema: { tags, summary, body, response: { 201: ok, 200: ok, ...errorResponses } },
        config: config('create'),
        preValidation,
      },
      async (req, reply) => {
        const { row: month, created } = await save(req);
        return reply.status(created ? 201 : 200).send(v2 ? { error: false as const, result: month } : month);
      },
    );
  }
}

function registerDownload(app: FastifyInstance, schedules: ScheduleService) {
  const querystring = z.object({
    ...fileMonths,
    sheets: z.enum(['month', 'year']).default('month').describe('one sheet a month or a year (xlsx)'),
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/controller-schedule/:controller/file',
    {
      schema: {
        tags,
        summary:
          'A controller’s schedule as a file to edit in Excel and upload back: .xlsx (one sheet a month or a year, dates and times as Excel dates and times in the city’s local time, a header naming the controller, city and time zone) or CSV (date DD-MM-YYYY, off, on in local time).',
        params,
        querystring,
        produces: [XLSX, 'text/csv'],
        response: { 200: z.any(), ...errorResponses },
      },
      config: config('view'),
    },
    async (req, reply) => {
      const { format, sheets, from, to } = req.query;
      const lang = requestLanguage(req);
      const controller = await schedules.controller(req.caller, req.params.controller);
      const site = await schedules.site(controller, lang);
      const months = await schedules.monthsOf(req.caller, req.params.controller, undefined, from, to);
      const days = [...months].flatMap(([month, r]) =>
        localDays(month, (r.timeData ?? []) as ScheduleDay[], site.timeZone),
      );
      const labels = FILE_LABELS[lang];
      const name = `schedule-${site.controller}`.replace(/[^\w.-]+/g, '_');
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
      if (format === 'csv')
        return reply.type('text/csv; charset=utf-8').send(scheduleCsv(days, labels.columns));
      return reply.type(XLSX).send(await scheduleWorkbook(site, days, sheets, labels));
    },
  );
}

function registerUpload(scope: FastifyInstance, schedules: ScheduleService) {
  acceptScheduleFiles(scope);
  const counts = z.object({
    created: z.number().describe('month records made'),
    updated: z.number().describe('month records changed'),
    days: z.number().describe('days written'),
    timeZone: z.string().describe('the zone the local times were read in'),
    lines: SCHEDULE_PROBLEM_LINES,
  });
  const { response, route } = uploadOptions(counts);
  scope.withTypeProvider<ZodTypeProvider>().post(
    '/api/v2/controller-schedule/:controller/upload',
    {
      schema: {
        tags,
        summary:
          'Sets a controller’s days from a file (spec §5): CSV (text/csv or text/plain, lines split by `,` or `;`) or .xlsx, at most 2 MB. The first three columns are date (DD-MM-YYYY), off time and on time in the city’s local time, converted to UTC with its time zone. Lines without a valid date are dropped, lines with a bad time refused, each reported in `lines`; the days are grouped by month and merged into the month records in one transaction. A file that cannot be read, or has no good line, changes nothing. Needs the upload right, and create and edit for the months it adds and changes.',
        params,
        body: z.any(),
        response,
      },
      ...route,
    },
    async (req, reply) => {
      const { entries, problems } = readScheduleLines(await uploadedLines(req.body));
      if (!entries.length) return refuseFile(req, reply, problems);
      const result = await schedules.upload(req.caller, req.params.controller, entries);
      return { error: false as const, result: { ...result, lines: problems } };
    },
  );
}
