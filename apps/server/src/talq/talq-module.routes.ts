import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema } from '@sl/domain';
import { entityAccess } from '../entities/entity.routes.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import type { TalqModules } from './talq-module.ts';

const { config } = entityAccess(entity('LuminaryModules'));

const attributeValue = z.object({
  name: z.string(),
  type: z.string().nullable().describe('the TALQ attribute type, e.g. AttributeLevelState'),
  value: z.unknown().describe('the attribute’s value as the gateway gave it'),
  at: z.string().nullable().describe('when the gateway measured or set it'),
});
const talqModule = z.object({
  address: z.string().describe('the device’s TALQ address'),
  class: z.string().describe('its TALQ device class'),
  gateway: z.object({ id: z.number(), name: z.string(), state: z.string() }),
  functions: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      attributes: z
        .array(attributeValue)
        .describe('the last values the gateway announced, patched or was read'),
      readable: z.array(z.string()).describe('the attributes the TALQ data model gives this function type'),
    }),
  ),
});

/**
 * A lamp control module's TALQ side on its screen (issue 31 §3 and §6): what its gateway announced, and the
 * on-demand read of one attribute. Both need the module's view right and its group.
 */
export function registerTalqModuleRoutes(app: FastifyInstance, modules: TalqModules) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v2/talq/modules/:id',
    {
      schema: {
        tags: ['TALQ'],
        summary:
          'A control module’s TALQ device: address, class, gateway, functions and their last values; null for a module of no TALQ gateway.',
        params: z.object({ id: idSchema }),
        response: { 200: z.object({ result: talqModule.nullable() }), ...errorResponses },
      },
      config: config('view'),
    },
    async (req) => ({ result: await modules.describe(req.caller, req.params.id) }),
  );
  r.get(
    '/api/v2/talq/modules/:id/read/:functionId/:attribute',
    {
      schema: {
        tags: ['TALQ'],
        summary: 'Reads one attribute of the module’s TALQ device from its gateway now, and keeps it.',
        params: z.object({
          id: idSchema,
          functionId: z.string().min(1).max(200),
          attribute: z.string().min(1).max(200),
        }),
        response: { 200: z.object({ result: attributeValue }), ...errorResponses },
      },
      config: config('view'),
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return {
        result: await modules.read(req.caller, req.params.id, req.params.functionId, req.params.attribute),
      };
    },
  );
}
