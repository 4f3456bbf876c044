import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema, LIMITS } from '@sl/domain';
import { DEFAULT_GROUP_TYPE, GROUP_TYPES } from '@sl/domain/energy';
import type { ReportService } from './report.service.ts';
import { energySaved } from './saved.service.ts';
import { BY } from './saved-queries.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const meters = entity('Meters');
const access = { access: { area: meters.area, action: 'view' as const, groupOwned: true } };

/** an instant, or a plain day: the report's city's local day (its start for `start`, its end for `end`) */
const instantOrDay = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional();

export const reportQuery = z.strictObject({
  start: instantOrDay,
  end: instantOrDay,
  groupType: z.enum(GROUP_TYPES).default(DEFAULT_GROUP_TYPE),
  group: idSchema.optional(),
  cabinet: idSchema.optional(),
  meter: idSchema.optional(),
  district: idSchema.optional(),
  groupControl: idSchema.optional(),
  city: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.unpaged).optional(),
});

export const savedQuery = reportQuery
  .omit({ cabinet: true, meter: true, district: true, groupControl: true })
  .extend({
    by: z.enum(Object.keys(BY) as [keyof typeof BY]).default('total'),
  });

const figures = { kwh: z.number(), cost: z.number().nullable(), co2Kg: z.number().nullable() };
/** a meter's registers at a period's end: active import and export (kWh), reactive import and export (kvarh) */
const registers = {
  kwh: z.number(),
  exportKwh: z.number().nullable(),
  kvarh: z.number().nullable(),
  exportKvarh: z.number().nullable(),
};
const head = {
  type: z.string(),
  groupType: z.enum(GROUP_TYPES),
  start: z.string(),
  end: z.string(),
  city: z.object({ _id: z.number(), timezone: z.string(), currency: z.string().nullable() }),
};
const meterRow = {
  period: z.string(),
  meter: z.number(),
  serial: z.string(),
  cabinet: z.number().nullable(),
};
const answer = <T extends z.ZodType>(result: T) => ({
  200: z.object({ error: z.literal(false), result }),
  ...errorResponses,
});

const RANGE =
  '`start` to `end` (ISO instants, or plain days YYYY-MM-DD: from the start of `start`’s local day to the end of `end`’s; default: the start of today on the city’s clock to now), grouped by `groupType` ' +
  '(BY_DAY default, BY_WEEK from Monday, BY_MONTH, BY_YEAR, BY_PERIOD: one row) in the local calendar of `city` ' +
  '(default: the district’s city, else the group’s first city). Scope: the caller’s group (an admin: `group`), or ' +
  'within it one `district` (the meters of the cabinets placed in it), one `cabinet` or one `meter`; consumption also ' +
  'takes one `groupControl` (what the lamp modules now in it drew: those whose mounting’s socket names it, and, where the socket names none, those whose lamp names it).';

/** Spec §7: the energy reports, from the hourly rollups of the meters’ readings. */
export function registerReportRoutes(app: FastifyInstance, reports: ReportService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v2/reports/consumption',
    {
      schema: {
        tags: ['energy'],
        summary: `Energy drawn per period in kWh, money (the city’s tariff, night tariff) and CO2 (kg); every period of the range is a row, one without readings with its figures null (not 0), and the total's too when no period has one. ${RANGE}`,
        querystring: reportQuery,
        response: answer(
          z.object({
            ...head,
            // a period without a reading: every figure null
            rows: z.array(z.object({ period: z.string(), ...figures, kwh: z.number().nullable() })),
            // no period with a reading: every figure null
            total: z.object({ ...figures, kwh: z.number().nullable() }),
          }),
        ),
      },
      config: access,
    },
    async (req) => ({ error: false as const, result: await reports.consumption(req.caller, req.query) }),
  );
  r.get(
    '/api/v2/reports/indications',
    {
      schema: {
        tags: ['energy'],
        summary: `Each meter’s counters (kWh) at the end of each period, per phase and in all. ${RANGE}`,
        querystring: reportQuery,
        response: answer(
          z.object({
            ...head,
            rows: z.array(
              z.object({
                ...meterRow,
                ...registers,
                phases: z.array(z.object({ phase: z.number(), ...registers })),
              }),
            ),
          }),
        ),
      },
      config: access,
    },
    async (req) => ({ error: false as const, result: await reports.indications(req.caller, req.query) }),
  );
  r.get(
    '/api/v2/reports/instant-values',
    {
      schema: {
        tags: ['energy'],
        summary: `Each meter’s mean and highest power (in powerUnit: W, or kW when a phase reaches 1 kW), mean voltage (V) and current (A) per period and phase. ${RANGE}`,
        querystring: reportQuery,
        response: answer(
          z.object({
            ...head,
            rows: z.array(
              z.object({
                ...meterRow,
                powerUnit: z.enum(['W', 'kW']),
                phases: z.array(
                  z.object({
                    phase: z.number(),
                    power: z.number(),
                    powerMax: z.number(),
                    voltage: z.number(),
                    current: z.number(),
                  }),
                ),
              }),
            ),
          }),
        ),
      },
      config: access,
    },
    async (req) => ({ error: false as const, result: await reports.instantValues(req.caller, req.query) }),
  );
  r.get(
    '/api/v2/reports/energy-saved',
    {
      schema: {
        tags: ['energy'],
        summary: `What the lamps would have drawn at their models’ full power for the hours they burned (fullKwh) against what they drew (drawnKwh), per period, in all or \`by\` group control or profile (\`key\`: its id). A period no lamp reported in is one row, key '', its figures null. ${RANGE}`,
        querystring: savedQuery,
        response: answer(
          z.object({
            ...head,
            by: z.string(),
            rows: z.array(
              z.object({
                period: z.string(),
                key: z.string().nullable(),
                burnHours: z.number().nullable(),
                fullKwh: z.number().nullable(),
                drawnKwh: z.number().nullable(),
                savedKwh: z.number().nullable(),
                savedShare: z.number().nullable(),
              }),
            ),
          }),
        ),
      },
      config: { access: { area: 'LuminaryModules', action: 'view', groupOwned: true } },
    },
    async (req) => ({ error: false as const, result: await energySaved(reports, req.caller, req.query) }),
  );
}
