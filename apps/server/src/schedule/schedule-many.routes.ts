import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../auth/caller.ts';
import {
  readScheduleLines,
  localDays,
  type ScheduleDay,
  type ScheduleEntry,
  type ScheduleLine,
} from '@sl/domain/schedule';
import { requestLanguage } from '../http/api-error.ts';
import { controllersCsv } from './schedule-csv.ts';
import { FILE_LABELS, controllersWorkbook, sheetName } from './schedule-workbook.ts';
import { Schedule, type ScheduleService } from './schedule.service.ts';
import { entityAccess } from '../entities/entity.routes.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
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
/** a screen chooses a handful of cabinets; a city's worth goes through the API one controller at a time */
const MAX_CONTROLLERS = 200;
const controllersQuery = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'controller ids separated by commas')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.length <= MAX_CONTROLLERS, `at most ${MAX_CONTROLLERS} controllers`)
  .describe('the controllers, ids separated by commas');

/**
 * The power schedule of several cabinet controllers at once (issue 12): one file covering all of them, and its
 * upload back. Each controller's times are in its own city's local time.
 */
export function registerScheduleManyRoutes(app: FastifyInstance, schedules: ScheduleService) {
  registerDownload(app, schedules);
  void app.register(async (scope) => registerUpload(scope, schedules));
}

/** Each controller with its name (as its sheet is named) and its city's. */
async function sitesOf(schedules: ScheduleService, caller: Caller, ids: number[], lang?: 'en-us' | 'ru') {
  return Promise.all(
    ids.map(async (id) => ({ id, site: await schedules.site(await schedules.controller(caller, id), lang) })),
  );
}

function registerDownload(app: FastifyInstance, schedules: ScheduleService) {
  const querystring = z.object({
    controllers: controllersQuery,
    ...fileMonths,
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/controller-schedule/file',
    {
      schema: {
        tags,
        summary:
          'Several controllers’ schedules as one file: .xlsx with a sheet per controller named by it (a header naming the controller, city and time zone, then its days as Excel dates and times in its city’s local time), or CSV (date DD-MM-YYYY, off, on, controller).',
        querystring,
        produces: [XLSX, 'text/csv'],
        response: { 200: z.any(), ...errorResponses },
      },
      config: config('view'),
    },
    async (req, reply) => {
      const { controllers, format, from, to } = req.query;
      const lang = requestLanguage(req);
      const parts = await Promise.all(
        (await sitesOf(schedules, req.caller, controllers, lang)).map(async ({ id, site }) => {
          const months = await schedules.monthsOf(req.caller, id, undefined, from, to);
          const days = [...months].flatMap(([month, r]) =>
            localDays(month, (r.timeData ?? []) as ScheduleDay[], site.timeZone),
          );
          return { site, days };
        }),
      );
      const labels = FILE_LABELS[lang];
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="schedules.${format}"`);
      if (format === 'csv') {
        const csv = controllersCsv(
          parts.map((p) => ({ controller: p.site.controller, days: p.days })),
          [...labels.columns, labels.controller],
        );
        return reply.type('text/csv; charset=utf-8').send(csv);
      }
      return reply.type(XLSX).send(await controllersWorkbook(parts, labels));
    },
  );
}

/**
 * Which controllers each line is for: the one its sheet is named by, else the one its fourth cell names, else
 * every one chosen (a file of one schedule set for them all).
 */
function linesByController(lines: ScheduleLine[], named: { id: number; name: string }[]) {
  const byName = new Map<string, number>();
  for (const { id, name } of named) byName.set(name, id).set(sheetName(name), id);
  const out = new Map<number, ScheduleLine[]>(named.map(({ id }) => [id, []]));
  for (const line of lines) {
    const own = byName.get(line.sheet ?? '') ?? byName.get(line.cells[3]?.trim() ?? '');
    for (const id of own === undefined ? out.keys() : [own]) out.get(id)!.push(line);
  }
  return out;
}

function registerUpload(scope: FastifyInstance, schedules: ScheduleService) {
  acceptScheduleFiles(scope);
  const written = z.object({
    controller: z.number(),
    created: z.number().describe('month records made'),
    updated: z.number().describe('month records changed'),
    days: z.number().describe('days written'),
    timeZone: z.string().describe('the zone its local times were read in'),
  });
  const counts = z.object({
    created: z.number(),
    updated: z.number(),
    days: z.number(),
    controllers: z.array(written),
    lines: SCHEDULE_PROBLEM_LINES,
  });
  const { response, route } = uploadOptions(counts);
  scope.withTypeProvider<ZodTypeProvider>().post(
    '/api/v2/controller-schedule/upload',
    {
      schema: {
        tags,
        summary:
          'Sets several controllers’ days from one file (as the single controller’s upload reads it, at most 2 MB): a workbook’s sheet named by a controller, or a CSV line whose fourth column names one, goes to that controller; every other line goes to each controller chosen, read in its own city’s time. All of them are written in one transaction, or nothing is. Needs the upload right, and create and edit for the months it adds and changes.',
        querystring: z.object({ controllers: controllersQuery }),
        body: z.any(),
        response,
      },
      ...route,
    },
    async (req, reply) => {
      const lines = await uploadedLines(req.body);
      const named = (await sitesOf(schedules, req.caller, req.query.controllers)).map(({ id, site }) => ({
        id,
        name: site.controller,
      }));
      const problems = new Map<string, ReturnType<typeof readScheduleLines>['problems'][number]>();
      const items: { controller: number; days: ScheduleEntry[] }[] = [];
      for (const [controller, own] of linesByController(lines, named)) {
        const read = readScheduleLines(own);
        // a line meant for every controller is reported once
        for (const p of read.problems) problems.set(`${p.sheet ?? ''}:${p.line}:${p.column}`, p);
        if (read.entries.length) items.push({ controller, days: read.entries });
      }
      const lineProblems = [...problems.values()];
      if (!items.length) return refuseFile(req, reply, lineProblems);
      const results = await schedules.uploadMany(req.caller, items);
      const each = results.map((r, i) => ({ controller: items[i]!.controller, ...r }));
      const sum = (key: 'created' | 'updated' | 'days') => each.reduce((n, r) => n + r[key], 0);
      const result = {
        created: sum('created'),
        updated: sum('updated'),
        days: sum('days'),
        controllers: each,
        lines: lineProblems,
      };
      return { error: false as const, result };
    },
  );
}
