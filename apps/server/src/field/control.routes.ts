import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canonicalMac, controlAnswerError, errorMessage, idSchema } from '@sl/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { tables } from '../db/tables.ts';
import { byController, modulesOf, type Target } from './control-targets.ts';
import type { CommandService, DeviceOutcome } from './command.service.ts';
import { archivedCommand, archiveQuery, listArchive } from './command-archive.ts';
import { commandsInWords } from './command-words.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { ApiError, requestLanguage } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { MAX_AREA_MODULES } from './area-modules.ts';
import { areaParam } from '../map/area-param.ts';

const C = tables.Controllers!;
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const access = (action: 'command' | 'view') => ({ access: { area: 'control' as const, action } });
const answer = z.looseObject({
  code: z.number(),
  msg: z.string(),
  raw: z.unknown(),
  commandId: z.number().optional(),
});

/** The modules an operator selected in a list, dimmed as one command. */
export const MAX_SELECTED_MODULES = MAX_AREA_MODULES;
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/)
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.length <= MAX_SELECTED_MODULES && ids.every((id) => id > 0 && id <= 2 ** 31 - 1));

const lightingQuery = z.strictObject({
  by: z.enum(['mac', 'id', 'ids', 'controller', 'support', 'segment', 'group', 'district', 'area']),
  mac: z.string().max(64).optional(),
  id: idSchema.optional(),
  ids: idList.optional(),
  area: areaParam.optional(),
  group: idSchema.optional(),
  segment: int(0, 2 ** 31 - 1).optional(),
  raw: int(0, 100),
});

function targetOf(q: z.infer<typeof lightingQuery>): Target {
  const missing = (field: string) => new ApiError('IsInvalidError', [field]);
  if (q.by === 'mac') return q.mac ? { by: 'mac', mac: q.mac } : throwing(missing('mac'));
  if (q.by === 'segment')
    return q.segment !== undefined ? { by: 'segment', segment: q.segment } : throwing(missing('segment'));
  if (q.by === 'group') return q.group ? { by: 'group', group: q.group } : throwing(missing('group'));
  if (q.by === 'ids') return q.ids ? { by: 'ids', ids: q.ids } : throwing(missing('ids'));
  if (q.by === 'area') return q.area ? { by: 'area', area: q.area } : throwing(missing('area'));
  return q.id ? { by: q.by, id: q.id } : throwing(missing('id'));
}
const throwing = (err: Error): never => {
  throw err;
};

/** The first failure decides the answer code; 0 only when every controller confirmed. */
const worst = (devices: DeviceOutcome[]) => devices.find((d) => d.code !== 0)?.code ?? 0;

/**
 * Spec §7 control calls: dimming by module, controller, segment or control group, and by mounting (ours: the
 * lamps of one post as one command), by the modules of a district (`by=district&id=`) or of an area drawn on the
 * map (`by=area&area=lon,lat;lon,lat;…`), at most MAX_AREA_MODULES; cabinet phase switches.
 */
export function registerControlRoutes(
  app: FastifyInstance,
  db: Db,
  commands: CommandService,
  service: EntityService,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['control'];
  r.get(
    '/api/v1/control/lighting',
    {
      schema: { tags, querystring: lightingQuery, response: { 200: answer, ...errorResponses } },
      config: access('command'),
    },
    async (req) => {
      const lang = requestLanguage(req);
      const msg = (code: number) => (code === 0 ? '' : errorMessage(controlAnswerError(code, 'dim')!, lang));
      const target = targetOf(req.query);
      const pwm = req.query.raw;
      const modules = await modulesOf(db, req.caller, target);
      const single = target.by === 'mac' || target.by === 'id';
      if (!modules.length) return { code: 3, msg: msg(3), raw: { mac: req.query.mac ?? null, pwm } };
      if (modules.every((m) => !m.controllerMac)) throw new ApiError('ControllerNotSet');
      const groups = byController(modules);
      const deliveries = [...groups].map(([controllerMac, macs]) => ({
        controllerMac,
        modules: target.by === 'controller' ? undefined : macs,
      }));
      const run = await commands.run(req.caller, 'dim', target, { pwm }, deliveries);
      const code = worst(run.devices);
      if (single)
        return { code, msg: msg(code), raw: { mac: modules[0]!.mac, pwm }, commandId: run.commandId };
      const count = (state: DeviceOutcome['state']) => run.devices.filter((d) => d.state === state).length;
      return {
        code,
        msg: msg(code),
        raw: { pwm },
        commandId: run.commandId,
        counts: {
          controllers: run.devices.length,
          modules: modules.filter((m) => m.controllerMac).length,
          withoutController: modules.filter((m) => !m.controllerMac).length,
          acknowledged: count('acknowledged'),
          failed: count('failed'),
          timedOut: count('timed_out'),
          disconnected: count('disconnected'),
        },
      };
    },
  );

  const sw = z
    .union([z.literal('0'), z.literal('1')])
    .transform(Number)
    .optional();
  r.get(
    '/api/v1/control/controller',
    {
      schema: {
        tags,
        querystring: z.strictObject({
          by: z.literal('mac'),
          mac: z.string().max(64),
          sw1: sw,
          sw2: sw,
          sw3: sw,
          raw: z.string().max(200).optional(),
        }),
        response: { 200: answer, ...errorResponses },
      },
      config: access('command'),
    },
    async (req) => {
      const { mac, raw, by: _by, ...switches } = req.query;
      let set: Record<string, unknown> = switches;
      if (raw !== undefined) {
        try {
          set = (JSON.parse(raw) as { set?: Record<string, unknown> }).set ?? {};
        } catch {
          throw new ApiError('IsInvalidError', ['raw']);
        }
      }
      if (!['sw1', 'sw2', 'sw3'].some((k) => set[k] === 0 || set[k] === 1))
        throw new ApiError('IsInvalidError', ['sw1']);
      const scope = req.caller.groupId === undefined ? undefined : eq(C.group, req.caller.groupId);
      const [controller] = await db
        .select({ mac: C.mac })
        .from(C)
        .where(and(eq(C.mac, canonicalMac(mac)), isNull(C.deletedAt), scope));
      if (!controller) throw new ApiError('NotFoundError', ['mac']);
      const run = await commands.run(req.caller, 'switch', { by: 'mac', mac }, set, [
        { controllerMac: controller.mac as string },
      ]);
      const device = run.devices[0]!;
      const code = device.code;
      const failure = controlAnswerError(code, 'switch');
      return {
        code,
        msg: failure ? errorMessage(failure, requestLanguage(req)) : '',
        raw: { iostate: (device.result as { iostate?: number } | undefined)?.iostate ?? null },
        commandId: run.commandId,
      };
    },
  );

  r.get(
    '/api/v2/commands',
    {
      schema: {
        tags,
        querystring: archiveQuery,
        response: { 200: z.looseObject({ error: z.literal(false) }), ...errorResponses },
      },
      config: access('view'),
    },
    async (req) => {
      const page = await listArchive(db, req.caller, req.query);
      const data = await commandsInWords(db, service, req.caller, requestLanguage(req), page.data);
      return { error: false as const, result: { ...page, data } };
    },
  );
  r.get(
    '/api/v2/commands/:id',
    {
      schema: {
        tags,
        params: z.object({ id: idSchema }),
        response: { 200: z.looseObject({ error: z.literal(false) }), ...errorResponses },
      },
      config: access('view'),
    },
    async (req) => {
      const found = await archivedCommand(db, req.caller, req.params.id);
      if (!found) throw new ApiError('NotFoundError', ['id']);
      const [words] = await commandsInWords(db, service, req.caller, requestLanguage(req), [found]);
      return { error: false as const, result: words };
    },
  );
}
