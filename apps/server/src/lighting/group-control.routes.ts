import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { entity, idSchema } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { modulesInGroupControlSql } from '../db/group-control-of.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const groupControl = entity('GroupControl');
const supports = entity('LuminarySupports');
const socketField = supports.fields.sockets;
/** what an operator writes in a socket; the rest is mirrored from its module when read */
const writableSocketKeys =
  socketField?.kind === 'list' && socketField.of.kind === 'object'
    ? Object.entries(socketField.of.fields)
        .filter(([, f]) => !f.readOnly)
        .map(([k]) => k)
    : [];
/** How many mountings one assignment takes, as many as a list page selects. */
export const MAX_ASSIGNED_SUPPORTS = 1000;

type Socket = Record<string, unknown>;
/** Every socket of the mounting (its socketCount, free ones too) answers to `to`, or to none. */
function socketsAnswering(row: Record<string, unknown>, to: number | null): Socket[] {
  const held = Array.isArray(row.sockets) ? (row.sockets as (Socket | null)[]) : [];
  const count = Math.max(Number(row.socketCount ?? 1), held.length);
  return Array.from({ length: count }, (_, i) => {
    const kept = Object.fromEntries(
      Object.entries(held[i] ?? {}).filter(([k, v]) => writableSocketKeys.includes(k) && v != null),
    );
    delete kept.groupControl;
    return to === null ? kept : { ...kept, groupControl: to };
  });
}
/** How many of a group's lamps are listed; the count covers them all. */
const LISTED = 50;

const lampsOut = z.object({
  count: z.number(),
  withoutController: z.number(),
  /** the city of the group's first mounting that has one: where its night is computed when its profile has none */
  city: z.number().nullable(),
  lamps: z.array(
    z.object({
      _id: z.number(),
      mac: z.string(),
      /** the mounting whose socket holds it, else the one it names; none for a lamp in the group by its own choice */
      support: z.object({ _id: z.number(), uid: z.string() }).nullable(),
    }),
  ),
});

type LampRow = {
  _id: number;
  mac: string;
  support: number | null;
  uid: string | null;
  city: number | null;
  count: number;
  orphans: number;
};

/** A group control's lamps (db/group-control-of.ts), the `group` target of the control call. */
export function registerGroupControlRoutes(app: FastifyInstance, service: EntityService, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v2/group-controls/assign',
    {
      schema: {
        tags: ['lighting'],
        summary: `Puts every socket of the chosen mountings (at most ${MAX_ASSIGNED_SUPPORTS}) under one group control, or under none (groupControl null). Each mounting is saved as by its own screen, with its history; every mounting is checked before any is written.`,
        body: z.strictObject({
          supports: z.array(idSchema).min(1).max(MAX_ASSIGNED_SUPPORTS),
          groupControl: idSchema.nullable(),
        }),
        response: {
          200: z.object({
            error: z.literal(false),
            result: z.object({ supports: z.number(), sockets: z.number() }),
          }),
          ...errorResponses,
        },
      },
      config: { access: { area: supports.area, action: 'edit', groupOwned: true } },
    },
    async (req) => {
      const to = req.body.groupControl;
      if (to !== null) await service.get(groupControl, req.caller, to);
      const rows = [];
      for (const id of new Set(req.body.supports)) rows.push(await service.get(supports, req.caller, id));
      let sockets = 0;
      for (const row of rows) {
        const next = socketsAnswering(row, to);
        sockets += next.length;
        await service.update(supports, req.caller, row._id as number, { sockets: next });
      }
      return { error: false as const, result: { supports: rows.length, sockets } };
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/group-controls/:id/lamps',
    {
      schema: {
        tags: ['lighting'],
        summary: `The lamp modules in a group control (their mounting's socket names it, or else their lamp does): their count, how many have no controller (a group dim cannot reach them), the first ${LISTED} with their mounting, and the city of the first mounting that has one.`,
        params: z.strictObject({ id: idSchema }),
        response: { 200: z.object({ error: z.literal(false), result: lampsOut }), ...errorResponses },
      },
      config: { access: { area: groupControl.area, action: 'view', groupOwned: true } },
    },
    async (req) => {
      const group = await service.get(groupControl, req.caller, req.params.id);
      const scope = req.caller.groupId === undefined ? sql`` : sql`and m."group" = ${req.caller.groupId}`;
      const result = await db.execute(sql`
        select m._id::int as "_id", m.mac, p._id::int as support, p.uid, p.city::int as city,
          count(*) over ()::int as count,
          count(*) filter (where m.controller is null) over ()::int as orphans
        from luminary_modules m
        left join luminary_supports p on p.deleted_at is null and p._id = coalesce(
          (select min(k.support) from socket_modules k where k.module = m._id), m.luminary_support)
        where m.deleted_at is null and m._id in (${modulesInGroupControlSql(Number(group._id))}) ${scope}
        order by (p.city is null), p.uid, m.mac
        limit ${LISTED}`);
      const rows = (result as unknown as { rows: LampRow[] }).rows;
      return {
        error: false as const,
        result: {
          count: rows[0]?.count ?? 0,
          withoutController: rows[0]?.orphans ?? 0,
          city: rows.find((r) => r.city != null)?.city ?? null,
          lamps: rows.map((r) => ({
            _id: r._id,
            mac: r.mac,
            support: r.support === null ? null : { _id: r.support, uid: r.uid! },
          })),
        },
      };
    },
  );
}
