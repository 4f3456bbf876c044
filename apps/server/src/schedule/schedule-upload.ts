import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ScheduleLine, ScheduleProblem } from '@sl/domain/schedule';
import { ApiError, errorBody, requestLanguage } from '../http/api-error.ts';
import { SCHEDULE_FILE_MAX_BYTES, scheduleFileLines } from './schedule-file.ts';
import { Schedule } from './schedule.service.ts';
import { tooLarge } from '../calendar/calendar.routes.ts';
import { entityAccess } from '../entities/entity.routes.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

// What every power-schedule file upload shares, for one controller or several: the file as the body, its size
// limit, the right it needs, and the refusal of a file that gave nothing to write.

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** the months a schedule file holds, by controller or for several */
export const fileMonths = {
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  from: z.string().regex(MONTH).optional().describe('first month, YYYY-MM'),
  to: z.string().regex(MONTH).optional().describe('last month, YYYY-MM'),
};

const problem = z.object({
  line: z.number(),
  sheet: z.string().optional(),
  column: z.enum(['date', 'off', 'on']),
  reason: z.enum(['invalid', 'required', 'duplicate']),
  outcome: z.enum(['dropped', 'refused']),
});
export const SCHEDULE_PROBLEM_LINES = z
  .array(problem)
  .describe('every line not written: its number (from 1), its sheet, the column and why');

/** Takes a CSV or workbook as the raw body in `scope` (its routes only). */
export function acceptScheduleFiles(scope: FastifyInstance) {
  scope.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/octet-stream', XLSX],
    { parseAs: 'buffer' },
    (_req, body, done) => done(null, body),
  );
}

/** The route options of an upload answering `result` (the upload right, at most 2 MB, 413 beyond). */
export function uploadOptions<T extends z.ZodType>(result: T) {
  return {
    response: {
      200: z.object({ error: z.literal(false), result }),
      ...errorResponses,
      400: errorResponses[400].extend({ lines: SCHEDULE_PROBLEM_LINES.optional() }),
      413: errorResponses[400],
    },
    route: {
      config: entityAccess(Schedule).config('upload'),
      bodyLimit: SCHEDULE_FILE_MAX_BYTES,
      errorHandler: tooLarge,
    },
  };
}

/** The file's lines, or IsInvalidError when the body is no file. */
export async function uploadedLines(body: unknown): Promise<ScheduleLine[]> {
  if (!Buffer.isBuffer(body)) throw new ApiError('IsInvalidError', ['file'], { reason: 'unreadable' });
  return scheduleFileLines(body);
}

/** Refuses a file with no line to write (400), listing why each line was not. */
export function refuseFile(req: FastifyRequest, reply: FastifyReply, problems: ScheduleProblem[]) {
  const refused = new ApiError('IsInvalidError', ['file'], {
    reason: problems.length ? 'badLines' : 'empty',
  });
  return reply.status(400).send({ ...errorBody(refused, requestLanguage(req)), lines: problems });
}
