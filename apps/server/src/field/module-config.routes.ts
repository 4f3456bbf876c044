import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { controlAnswerError, entity, idSchema, MODULE_PARAMETER_RANGES as R } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { tables } from '../db/tables.ts';
import { byController, modulesOf } from './control-targets.ts';
import type { CommandService } from './command.service.ts';
import { ApiError } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const M = tables.LuminaryModules!;
const C = tables.Controllers!;
const range = (r: { min: number; max: number }) => z.number().int().min(r.min).max(r.max).optional();
const ok = z.looseObject({ error: z.literal(false), result: z.unknown() });

/** Module parameters, meter reading and module assignment (spec §5, §7). */
export function registerModuleConfigRoutes(
  app: FastifyInstance,
  db: Db,
  commands: CommandService,
  /** told of each table written to, once the write is done */
  changed: (table: string) => void,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (groupId: number | undefined, col: (typeof M)['group']) =>
    groupId === undefined ? undefined : eq(col, groupId);

  r.post(
    '/api/v2/lamp-modules/params',
    {
      schema: {
        tags: ['LuminaryModules'],
        body: z
          .strictObject({
            id: idSchema,
            minPwm: range(R.minPwm),
            maxPwm: range(R.maxPwmLimit),
            radioChannel: range(R.radioChannel),
            radioPower: range(R.radioPower),
          })
          .refine(
            (b) => ['minPwm', 'maxPwm', 'radioChannel', 'radioPower'].some((k) => k in b),
            'nothing to set',
          ),
        response: { 200: ok, ...errorResponses },
      },
      config: { access: { area: 'LuminaryModules', action: 'command' } },
    },
    async (req) => {
      const { id, ...params } = req.body;
      const modules = await modulesOf(db, req.caller, { by: 'id', id });
      if (!modules.length) throw new ApiError('ControlModuleNotFond');
      const [controllerMac, macs] = [...byController(modules)][0] ?? [];
      if (!controllerMac) throw new ApiError('ControllerNotSet');
      const run = await commands.run(req.caller, 'params', { by: 'id', id }, params, [
        { controllerMac, modules: macs },
      ]);
      const failure = controlAnswerError(run.devices[0]!.code, 'dim');
      if (failure) throw new ApiError(failure);
      return { error: false as const, result: { commandId: run.commandId, code: 0 } };
    },
  );

  r.post(
    '/api/v2/controllers/configure-option-meter',
    {
      schema: {
        tags: ['Controllers'],
        body: z.strictObject({ id: idSchema, enabled: z.boolean() }),
        response: { 200: ok, ...errorResponses },
      },
      config: { access: { area: 'Controllers', action: 'edit' } },
    },
    async (req) => {
      const mine = and(eq(C._id, req.body.id), isNull(C.deletedAt), scopeOf(req.caller.groupId, C.group));
      const [controller] = await db.select({ mac: C.mac }).from(C).where(mine);
      if (!controller) throw new ApiError('NotFoundError', ['id']);
      // the controller is told first; the database says what it confirmed
      const run = await commands.run(
        req.caller,
        'meter',
        { by: 'id', id: req.body.id },
        { enabled: req.body.enabled },
        [{ controllerMac: controller.mac as string }],
      );
      const failure = controlAnswerError(run.devices[0]!.code, 'switch');
      if (failure) throw new ApiError(failure);
      const [row] = await db
        .update(C)
        .set({ readingMeter: req.body.enabled, updatedAt: new Date(), updatedBy: req.caller.userId ?? null })
        .where(mine)
        .returning({ _id: C._id, readingMeter: C.readingMeter });
      if (!row) throw new ApiError('NotFoundError', ['id']);
      changed(entity('Controllers').table);
      return { error: false as const, result: row };
    },
  );

  r.post(
    '/api/v2/lamp-modules/assign',
    {
      schema: {
        tags: ['LuminaryModules'],
        body: z.strictObject({
          field_type: z.literal('id'),
          assign: z
            .array(
              z.strictObject({
                controller: idSchema,
                phase: z.union([z.literal(1), z.literal(2), z.literal(3)]),
                modules: z.array(idSchema).min(1).max(10_000),
              }),
            )
            .min(1)
            .max(1000),
        }),
        response: { 200: ok, ...errorResponses },
      },
      config: { access: { area: 'LuminaryModules', action: 'edit' } },
    },
    async (req) => {
      // all or nothing: a controller or module outside the caller's group stops the whole assignment
      const updated = await db.transaction(async (tx) => {
        let n = 0;
        for (const a of req.body.assign) {
          const [controller] = await tx
            .select({ _id: C._id })
            .from(C)
            .where(and(eq(C._id, a.controller), isNull(C.deletedAt), scopeOf(req.caller.groupId, C.group)));
          if (!controller) throw new ApiError('NotFoundError', ['controller']);
          const rows = await tx
            .update(M)
            .set({
              controller: a.controller,
              phase: a.phase,
              updatedAt: new Date(),
              updatedBy: req.caller.userId ?? null,
            })
            .where(and(inArray(M._id, a.modules), isNull(M.deletedAt), scopeOf(req.caller.groupId, M.group)))
            .returning({ _id: M._id });
          if (rows.length !== new Set(a.modules).size) throw new ApiError('NotFoundError', ['modules']);
          n += rows.length;
        }
        return n;
      });
      changed(entity('LuminaryModules').table);
      return { error: false as const, result: { updated } };
    },
  );
}
