import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@sl/domain';
import { errorResponses } from '../entities/entity-schemas.ts';
import type { TalqGateways } from './talq-gateways.ts';

/** Where a gateway reaches the console's TALQ CMS API: this server, as the operator's request reached it. */
export const cmsUriOf = (req: FastifyRequest) => `${req.protocol}://${req.host}/talq/v2`;

const credentials = z.object({
  id: z.number(),
  cmsUri: z.string().describe('the base URI of the CMS API the gateway is to call'),
  login: z.string().describe('the HTTP Basic user name of the gateway'),
  secret: z.string().describe('shown this once; only its hash is kept'),
});

const gatewayRow = z.object({
  id: z.number(),
  name: z.string().nullable(),
  login: z.string(),
  group: z.number().nullable(),
  city: z.number().nullable(),
  gatewayUri: z.string(),
  gatewayAddress: z.string().nullable(),
  state: z.enum(['new', 'announced', 'services', 'classes', 'ready']),
  lastContactAt: z.string().nullable().describe('when it last made a TALQ request'),
  problem: z
    .object({
      task: z.enum(['gatewayFunction', 'programs', 'loggerConfigs']),
      status: z.number().nullable().describe('what the gateway answered; null when it could not be reached'),
      at: z.string(),
    })
    .nullable()
    .describe('what the CMS last could not give the gateway, until it could'),
});

/**
 * The operator's side of TALQ gateways (issue 31): commissioning one (a controller of kind TALQ in the caller's
 * group, its secret shown once), rotating its secret, and the list with each one's bootstrap state and last
 * contact. The rights are the controllers' own.
 */
export function registerTalqGatewayRoutes(app: FastifyInstance, gateways: TalqGateways) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v2/talq/gateways',
    {
      schema: {
        tags: ['TALQ'],
        body: z.object({
          name: z.string().trim().min(1).max(64),
          gatewayUri: z.url({ protocol: /^https?$/ }).max(2000),
          city: idSchema.optional(),
          group: idSchema
            .optional()
            .describe(
              "the gateway's group, for an administrator of none (the city's group when only one holds it)",
            ),
        }),
        response: { 201: credentials, ...errorResponses },
      },
      config: { access: { area: 'Controllers', action: 'create' } },
    },
    async (req, reply) => {
      const issued = await gateways.commission(req.caller, req.body);
      void reply.header('cache-control', 'no-store').code(201);
      return { ...issued, cmsUri: cmsUriOf(req) };
    },
  );
  r.post(
    '/api/v2/talq/gateways/:id/secret',
    {
      schema: {
        tags: ['TALQ'],
        params: z.object({ id: idSchema }),
        response: { 200: credentials, ...errorResponses },
      },
      config: { access: { area: 'Controllers', action: 'edit', groupOwned: true } },
    },
    async (req, reply) => {
      const issued = await gateways.rotate(req.caller, req.params.id);
      void reply.header('cache-control', 'no-store');
      return { ...issued, cmsUri: cmsUriOf(req) };
    },
  );
  r.get(
    '/api/v2/talq/gateways',
    {
      schema: {
        tags: ['TALQ'],
        response: { 200: z.object({ result: z.array(gatewayRow) }), ...errorResponses },
      },
      config: { access: { area: 'Controllers', action: 'view', groupOwned: true } },
    },
    async (req) => ({
      result: (await gateways.list(req.caller)).map((g) => ({
        id: g.id,
        name: g.name,
        login: g.login,
        group: g.group,
        city: g.city,
        gatewayUri: g.gatewayUri,
        gatewayAddress: g.gatewayAddress,
        state: g.state,
        lastContactAt: g.lastContactAt?.toISOString() ?? null,
        problem: g.problem && g.problemAt ? { ...g.problem, at: g.problemAt.toISOString() } : null,
      })),
    }),
  );
}
