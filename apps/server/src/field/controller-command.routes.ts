import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { controlAnswerError, entity, idSchema } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import type { CommandService } from './command.service.ts';
import { ApiError } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const Controllers = entity('Controllers');

/** A JSON object, or a string holding one (spec §5: a command sent to a controller must be JSON). */
const jsonCommand = z
  .union([z.record(z.string(), z.unknown()), z.string().max(64 * 1024)])
  .transform((v, ctx) => {
    if (typeof v !== 'string') return v;
    try {
      const parsed: unknown = JSON.parse(v);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'not a JSON object' });
    return z.NEVER;
  });

const answer = z.object({
  error: z.literal(false),
  result: z.object({ code: z.number(), msg: z.string(), raw: z.unknown(), commandId: z.number() }),
});

/** POST /api/v2/controllers/command: a JSON command to one controller, answered with what the controller replied. */
export function registerControllerCommandRoutes(
  app: FastifyInstance,
  service: EntityService,
  commands: CommandService,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v2/controllers/command',
    {
      schema: {
        tags: ['Controllers'],
        body: z.strictObject({ _id: idSchema, command: jsonCommand }),
        response: { 200: answer, ...errorResponses },
      },
      config: { access: { area: 'Controllers', action: 'command' } },
    },
    async (req) => {
      const controller = await service.get(Controllers, req.caller, req.body._id);
      // through the archive like every other command: who sent what, and what the controller answered
      const run = await commands.run(req.caller, 'json', { by: 'id', id: req.body._id }, req.body.command, [
        { controllerMac: controller.mac as string },
      ]);
      const device = run.devices[0]!;
      const failure = controlAnswerError(device.code, 'switch');
      if (failure) throw new ApiError(failure);
      return {
        error: false as const,
        result: { code: 0, msg: 'ok', raw: device.result ?? null, commandId: run.commandId },
      };
    },
  );
}
