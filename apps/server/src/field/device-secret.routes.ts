import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import type { DeviceSecrets } from './device-secrets.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import type { CreatedExtras } from '../entities/entity.routes.ts';

const Controllers = entity('Controllers');

const credentials = {
  username: z.string().describe("the broker user name and client id: the controller's MAC in topic form"),
  secret: z.string().describe('shown this once; only its hash is kept'),
};
const answer = z.object({
  error: z.literal(false),
  result: z.object({ _id: z.number(), ...credentials }),
});

/** What a controller's create answer carries beside the row, this once (absent should issuing fail). */
export const SECRET_ON_CREATE: CreatedExtras = {
  [Controllers.name]: { username: credentials.username.optional(), secret: credentials.secret.optional() },
};

/** The generic create routes of Controllers (spec §7), whose answer carries the new controller's first secret. */
const CREATE_ROUTES = new Map([
  [`/api/v1/${Controllers.name}`, false],
  [`/api/v2/${Controllers.name}`, true],
]);

/**
 * POST /api/v2/controllers/:_id/secret: commissions a controller, or rotates its secret. The new secret is in this
 * answer only; the old one stops working at once (the embedded broker ends a connection made with it).
 *
 * Creating a controller (POST /api/v1/Controllers, /api/v2/Controllers) commissions it too: its answer carries
 * `secret` beside the new row, this once (no later answer shows it). Should issuing fail once the controller is
 * stored, the row is answered without `secret`, and this route commissions it.
 */
export function registerDeviceSecretRoutes(
  app: FastifyInstance,
  service: EntityService,
  secrets: DeviceSecrets,
) {
  app.addHook('preSerialization', async (req, reply, payload: unknown) => {
    const enveloped = CREATE_ROUTES.get(req.routeOptions.url ?? '');
    if (req.method !== 'POST' || enveloped === undefined || reply.statusCode !== 201) return payload;
    const row = (enveloped ? (payload as { result?: unknown }).result : payload) as
      { _id?: unknown; secret?: string; username?: string } | undefined;
    if (typeof row?._id !== 'number') return payload;
    const issued = await secrets.issue([row._id]).then(
      (all) => all.get(row._id as number),
      (err: unknown) =>
        void req.log.error({ err, controller: row._id }, 'no secret issued for a new controller'),
    );
    if (!issued) return payload;
    void reply.header('cache-control', 'no-store');
    row.username = issued.mac;
    row.secret = issued.secret;
    return payload;
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v2/controllers/:_id/secret',
    {
      schema: {
        tags: ['Controllers'],
        params: z.object({ _id: idSchema }),
        response: { 200: answer, ...errorResponses },
      },
      config: { access: { area: 'Controllers', action: 'edit', groupOwned: true } },
    },
    async (req, reply) => {
      // the caller's own group only, and not a deleted controller
      const controller = await service.get(Controllers, req.caller, req.params._id);
      const issued = (await secrets.issue([controller._id as number])).get(controller._id as number)!;
      void reply.header('cache-control', 'no-store');
      return {
        error: false as const,
        result: { _id: controller._id as number, username: issued.mac, secret: issued.secret },
      };
    },
  );
}
