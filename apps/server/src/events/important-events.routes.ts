import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, EVENT_TYPES, idSchema } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import type { Clock } from '../lighting/program-service.ts';
import { ApiError } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const events = entity('ImportantEvents');
const access = (action: 'view' | 'edit') => ({
  access: { area: events.area, action, groupOwned: true },
});
const ok = <T>(result: T) => ({ error: false as const, result });
const answer = { 200: z.object({ error: z.literal(false), result: z.looseObject({}) }), ...errorResponses };

type Row = Record<string, unknown>;
const idOf = (v: unknown) => (v && typeof v === 'object' ? (v as Row)._id : v);

async function solverOf(raw: Raw, id: unknown) {
  if (id == null) return null;
  const { rows } = await raw.query(`select _id, login from users where _id = $1`, [id]);
  return rows[0] ? { _id: Number(rows[0]._id), login: String(rows[0].login) } : null;
}

/**
 * Spec §7 `get-full-info` (the event with its support, module and socket number, and how many module events its
 * controller's outage holds), the operator's solve with a comment, and the open events per type for the map.
 * The search itself is the generic one (`/api/v2/important-events/search`).
 */
export function registerImportantEventRoutes(
  app: FastifyInstance,
  service: EntityService,
  raw: Raw,
  clock: Clock,
  changed: (table: string) => void,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ImportantEvents'];
  r.get(
    '/api/v2/important-events/get-full-info',
    {
      schema: { tags, querystring: z.strictObject({ id: idSchema }), response: answer },
      config: access('view'),
    },
    async (req) => {
      const event = await service.get(events, req.caller, req.query.id, { resolve: true });
      const support = event.support as Row | null;
      const sockets = (support?.sockets as Row[] | undefined) ?? [];
      const index =
        (event.socket as number | null) ??
        (event.module ? sockets.findIndex((s) => s.luminaryModule === idOf(event.module)) : -1);
      const { rows } = await raw.query(
        `select count(*)::int as n from important_events where cause = $1 and deleted_at is null`,
        [req.query.id],
      );
      return ok({
        ...event,
        // by login alone: whoever may see the event may see who solved it, not the user's record
        solvedBy: await solverOf(raw, idOf(event.solvedBy)),
        socketNumber: index >= 0 ? index + 1 : null,
        grouped: rows[0]!.n as number,
      });
    },
  );
  r.post(
    '/api/v2/important-events/solve',
    {
      schema: {
        tags,
        body: z.strictObject({ _id: idSchema, comment: z.string().trim().min(1).max(2000) }),
        response: answer,
      },
      config: access('edit'),
    },
    async (req) => {
      const event = await service.get(events, req.caller, req.body._id);
      if (event.status !== 'OPEN') throw new ApiError('IsInvalidError', ['status']);
      await raw.query(
        `update important_events set status = 'SOLVED', close_date = $2::timestamptz, comment = $3,
          held_until_clear = device is not null, updated_at = now(), updated_by = $4, solved_by = $4
        where _id = $1 and status = 'OPEN'`,
        [req.body._id, clock.now().toISOString(), req.body.comment, req.caller.userId ?? null],
      );
      changed('important_events');
      return ok(await service.get(events, req.caller, req.body._id));
    },
  );
  r.get(
    '/api/v2/important-events/counts',
    {
      schema: {
        tags,
        summary: 'Open events per type, in the caller’s group (all groups for one who sees every group).',
        querystring: z.strictObject({}),
        response: {
          200: z.object({ error: z.literal(false), result: z.record(z.string(), z.number()) }),
          ...errorResponses,
        },
      },
      config: access('view'),
    },
    async (req) => {
      const group = req.caller.groupId;
      const { rows } = await raw.query(
        `select type, count(*)::int as n from important_events
        where status = 'OPEN' and deleted_at is null and ($1::bigint is null or "group" = $1) group by type`,
        [group ?? null],
      );
      const counts: Record<string, number> = Object.fromEntries(EVENT_TYPES.map((t) => [t, 0]));
      for (const row of rows) counts[row.type as string] = row.n as number;
      return ok(counts);
    },
  );
}
