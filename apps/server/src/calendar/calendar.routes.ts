import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applySaveRules, createSchema, idSchema, patchSchema } from '@sl/domain';
import { CALENDAR_CSV_MAX_BYTES, readCalendarCsv } from './calendar-csv.ts';
import { withPeriod } from './calendar-period.ts';
import { assertCalendarZone, calendarGroup } from './calendar-zone.ts';
import { Calendar, CalendarService, type CalendarDay } from './calendar.service.ts';
import type { Db } from '../db/connect.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { ApiError, errorBody, requestLanguage } from '../http/api-error.ts';
import { sendError } from '../http/error-handler.ts';
import { entityAccess, searchPaths } from '../entities/entity.routes.ts';
import { errorResponses, rowOut } from '../entities/entity-schemas.ts';
import { specialRoute } from '../entities/special-route.ts';

type Query = Record<string, string | string[] | undefined>;

const tags = [Calendar.name];
const { config } = entityAccess(Calendar);
const row = rowOut(Calendar);
const envelope = <T extends z.ZodType>(result: T) => z.object({ error: z.literal(false), result });
// a null label clears the one a day had
const dayBody = createSchema(Calendar).extend({
  label: patchSchema(Calendar).shape.label!,
  _id: idSchema.optional(),
});
const lineReport = errorResponses[400].extend({
  lines: z
    .array(z.object({ line: z.number(), column: z.string(), reason: z.string() }))
    .optional()
    .describe('every bad line of an upload: its number (from 1), the column and why'),
});

/** The calendar of day types (spec §2, §7; issue 11): its period list, a day's save and the CSV upload. */
export function registerCalendarRoutes(
  app: FastifyInstance,
  service: EntityService,
  repo: EntityRepository,
  db: Db,
  /** tells every server process an entity was written past its service (the upload's transaction) */
  announce: (entityName: string) => unknown,
) {
  const calendar = new CalendarService(service, repo, db, () => announce(Calendar.name));
  const lists = new Set([
    `/api/v1/${Calendar.name}`,
    `/api/v2/${Calendar.name}`,
    ...searchPaths(Calendar).map((p) => `/api/v2/${p}/search`),
  ]);
  // `year` and `month` on the generic list of the calendar are its date filters
  app.addHook('preValidation', async (req) => {
    if (req.method !== 'GET' || !lists.has(req.routeOptions.url ?? '')) return;
    const query = req.query as Query;
    req.query = withPeriod(query);
    // a named group is one the caller sees (else not found); its days need its time zone as the caller's do
    const named = typeof query.group === 'string' ? query.group : undefined;
    const group = named === undefined ? req.caller.groupId : await calendarGroup(service, req.caller, named);
    if (query.year !== undefined) await assertCalendarZone(db, group);
  });
  registerSave(app, calendar);
  void app.register(async (scope) => registerUpload(scope, calendar, service));
}

/** Spec §5 save rules on a day, keeping the `_id` that names the day to change and a null that clears. */
async function saveRules(req: FastifyRequest) {
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const { _id } = body as { _id?: unknown };
  req.body = {
    ...applySaveRules(Calendar, body as Record<string, unknown>, 'patch'),
    ...(_id !== undefined && { _id }),
  };
}

function registerSave(app: FastifyInstance, calendar: CalendarService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const summary =
    'Sets the day type of a date in the caller’s group: `_id` names the day to change; a date that already has one is changed, never doubled (201 created, 200 changed; a change needs the edit right).';
  const save = async (req: FastifyRequest) => calendar.save(req.caller, req.body as CalendarDay);
  const summaryGroup =
    ' A user of no group (an administrator) names the group in `group`, else sets a shared day.';
  r.post(
    `/api/v1/${Calendar.name}`,
    {
      ...specialRoute(app),
      schema: {
        tags,
        summary: summary + summaryGroup,
        body: dayBody,
        response: { 201: row, 200: row, ...errorResponses },
      },
      config: config('create'),
      preValidation: saveRules,
    },
    async (req, reply) => {
      const { row: day, created } = await save(req);
      return reply.status(created ? 201 : 200).send(day);
    },
  );
  r.post(
    `/api/v2/${Calendar.name}`,
    {
      ...specialRoute(app),
      schema: {
        tags,
        summary: summary + summaryGroup,
        body: dayBody,
        response: { 201: envelope(row), 200: envelope(row), ...errorResponses },
      },
      config: config('create'),
      preValidation: saveRules,
    },
    async (req, reply) => {
      const { row: day, created } = await save(req);
      return reply.status(created ? 201 : 200).send({ error: false as const, result: day });
    },
  );
}

/** An upload over the limit is refused in the catalogue's form, naming the file and why. */
export function tooLarge(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const over = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
  return sendError(
    over ? new ApiError('IsInvalidError', ['file'], { status: 413, reason: 'tooLarge' }) : err,
    req,
    reply,
  );
}

function registerUpload(scope: FastifyInstance, calendar: CalendarService, service: EntityService) {
  scope.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  scope.withTypeProvider<ZodTypeProvider>().post(
    '/api/v2/calendar/upload',
    {
      schema: {
        tags,
        summary:
          'Sets many days from a CSV (text/csv or text/plain, at most 7 KB, spec §9): one day a line as `date,type,label` with `,` or `;`, an optional header line, dates YYYY-MM-DD or DD-MM-YYYY. Every line is checked first: any bad line refuses the whole file with a report per line (`lines`) and nothing is written; otherwise all days are set in one transaction. Needs the upload right, and create and edit for the days it adds and changes.',
        body: z.string(),
        querystring: z.object({
          group: z
            .string()
            .optional()
            .describe(
              'the group whose days these are, for a user of no group (an administrator); else shared',
            ),
        }),
        response: {
          200: envelope(z.object({ created: z.number(), updated: z.number() })),
          ...errorResponses,
          400: lineReport,
          413: errorResponses[400],
        },
      },
      config: config('upload'),
      bodyLimit: CALENDAR_CSV_MAX_BYTES,
      errorHandler: tooLarge,
    },
    async (req, reply) => {
      const { days, problems } = readCalendarCsv(req.body);
      if (problems.length) {
        const refused = new ApiError('IsInvalidError', ['file'], { reason: 'badLines' });
        return reply.status(400).send({ ...errorBody(refused, requestLanguage(req)), lines: problems });
      }
      if (!days.length) throw new ApiError('IsInvalidError', ['file'], { reason: 'empty' });
      const group = await calendarGroup(service, req.caller, req.query.group);
      const counts = await calendar.upload(
        req.caller,
        days.map(({ date, type, label }) => ({ date, type, ...(label && { label }) })),
        group,
      );
      return { error: false as const, result: counts };
    },
  );
}
