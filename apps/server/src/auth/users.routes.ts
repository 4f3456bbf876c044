import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applySaveRules, createSchema, entity, idSchema, patchSchema, type Entity } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import { EntityService, type EntityHooks } from '../entities/entity.service.ts';
import { ApiError } from '../http/api-error.ts';
import { errorResponses, rowOut } from '../entities/entity-schemas.ts';

const Users = entity('Users');
const Groups = entity('Groups');
const Cities = entity('Cities');

const confirm = z.string().max(200).optional();
const ok = <T>(result: T) => ({ error: false as const, result });
const envelope = (result: z.ZodType) => z.object({ error: z.literal(false), result });

// the names a user's role, group and type also go by in the user calls (spec §3)
const ALIASES = { roleId: 'role', groupId: 'group', userType: 'type' } as const;

/** A user body with its aliases under their fields' own names; an alias that disagrees with its field is refused. */
function unaliased(user: Record<string, unknown>): Record<string, unknown> {
  const out = { ...user };
  for (const [alias, field] of Object.entries(ALIASES)) {
    if (!(alias in out)) continue;
    const value = out[alias];
    delete out[alias];
    if (field in out && out[field] !== value) throw new ApiError('IsInvalidError', [alias]);
    out[field] = value;
  }
  return out;
}

/** Save rules on a nested record of the body. */
const rules = (e: Entity, key: string, mode: 'create' | 'patch') => (body: Record<string, unknown>) => {
  const v = body[key];
  if (v && typeof v === 'object' && !Array.isArray(v))
    body[key] = applySaveRules(
      e,
      e === Users ? unaliased(v as Record<string, unknown>) : (v as Record<string, unknown>),
      mode,
    );
};
const preValidation =
  (...steps: ((b: Record<string, unknown>) => void)[]) =>
  async (req: FastifyRequest) => {
    if (req.body && typeof req.body === 'object' && !Array.isArray(req.body))
      for (const s of steps) s(req.body as Record<string, unknown>);
  };

function checkConfirmation(password: unknown, confirmation: string | undefined) {
  if (confirmation !== undefined && confirmation !== password) {
    throw new ApiError('IsInvalidError', ['passwordConfirm'], { reason: 'passwordsNotEqual' });
  }
}

/** The v2 user calls of spec §7: create a group with its city and administrator, create on a group, update. */
export function registerUserRoutes(
  app: FastifyInstance,
  db: Db,
  repo: EntityRepository,
  service: EntityService,
  hooks: Record<string, EntityHooks>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users'];
  const userRow = rowOut(Users);

  r.post(
    '/api/v2/users/create-with-group',
    {
      schema: {
        tags,
        body: z.strictObject({
          group: createSchema(Groups).omit({ cities: true }),
          city: createSchema(Cities),
          user: createSchema(Users).omit({ group: true, type: true }).extend({ passwordConfirm: confirm }),
        }),
        response: {
          201: envelope(z.object({ group: rowOut(Groups), city: rowOut(Cities), user: userRow })),
          ...errorResponses,
        },
      },
      config: { access: { area: 'Groups', action: 'create', groupOwned: false } },
      preValidation: preValidation(
        rules(Groups, 'group', 'create'),
        rules(Cities, 'city', 'create'),
        rules(Users, 'user', 'create'),
      ),
    },
    async (req, reply) => {
      const { passwordConfirm, ...user } = req.body.user;
      checkConfirmation(user.password, passwordConfirm as string | undefined);
      // all or nothing: a failure at the user leaves no group and no city behind
      const result = await db.transaction(async (tx) => {
        const inTx = new EntityService(repo.withDb(tx as unknown as Db), hooks);
        const city = await inTx.create(Cities, req.caller, req.body.city);
        const group = await inTx.create(Groups, req.caller, { ...req.body.group, cities: [city._id] });
        const created = await inTx.create(Users, req.caller, {
          ...user,
          type: 'GROUPADMIN',
          group: group._id,
        });
        return { group, city, user: created };
      });
      // pages read while the transaction ran did not see it
      for (const e of [Cities, Groups, Users]) repo.wrote(e.table);
      return reply.status(201).send(ok(result));
    },
  );

  r.post(
    '/api/v2/users/create-on-group',
    {
      schema: {
        tags,
        body: z.strictObject({
          groupId: idSchema,
          user: createSchema(Users).omit({ group: true }).extend({ passwordConfirm: confirm }),
        }),
        response: { 201: envelope(userRow), ...errorResponses },
      },
      config: { access: { area: 'Users', action: 'create' } },
      preValidation: preValidation(rules(Users, 'user', 'create')),
    },
    async (req, reply) => {
      const { passwordConfirm, ...user } = req.body.user;
      checkConfirmation(user.password, passwordConfirm as string | undefined);
      if (req.caller.groupId !== undefined && req.caller.groupId !== req.body.groupId)
        throw new ApiError('NotFoundError', ['groupId']);
      await service.get(Groups, req.caller, req.body.groupId);
      return reply
        .status(201)
        .send(ok(await service.create(Users, req.caller, { ...user, group: req.body.groupId })));
    },
  );

  r.post(
    '/api/v2/users/update',
    {
      schema: {
        tags,
        body: patchSchema(Users, true).extend({ passwordConfirm: confirm }),
        response: { 200: envelope(userRow), ...errorResponses },
      },
      config: { access: { area: 'Users', action: 'edit' } },
      preValidation: async (req) => {
        const body = req.body as Record<string, unknown> | undefined;
        if (!body || typeof body !== 'object' || Array.isArray(body)) return;
        const { _id, id, passwordConfirm, ...rest } = body;
        req.body = {
          ...applySaveRules(Users, unaliased(rest), 'patch'),
          _id: _id ?? id,
          ...(passwordConfirm !== undefined && { passwordConfirm }),
        };
      },
    },
    async (req) => {
      const { _id, passwordConfirm, ...patch } = req.body as {
        _id: number;
        passwordConfirm?: string;
      } & Record<string, unknown>;
      checkConfirmation(patch.password, passwordConfirm);
      return ok(await service.update(Users, req.caller, _id, patch));
    },
  );
}
