import { CREW_WORK_ORDER_STATUSES, entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { ListQuery } from '../entities/list-query.ts';
import type { Raw } from '../field/offline-sweep.ts';
import { devicesOfOrder, devicesOfOrders, refsOf } from './order-devices.ts';

const ORDERS = entity('WorkOrders');
/** a crew's day is tens of orders; a rule that gave one crew thousands still answers, the first due first */
export const FIELD_DAY_LIMIT = 500;
/** the lamp models a phone keeps for a replacement: a city's catalogue is tens of models */
const FIELD_MODELS_LIMIT = 1000;
/** orders done this long ago still show, as done, so that the crew sees its day's work went through */
const DONE_SHOWN_MS = 12 * 3_600_000;

type Row = Record<string, unknown>;

/**
 * A crew member's day (issue 32): the orders of the crews they are a member of that are theirs to do, due first,
 * then those done in the last hours, each with what the field screen shows of its devices, so that the phone keeps
 * it all from one answer.
 */
export async function fieldDay(raw: Raw, service: EntityService, caller: Caller, now: Date) {
  const { rows: crewRows } =
    caller.userId === undefined
      ? { rows: [] }
      : await raw.query(
          `select _id, name from crews where deleted_at is null and $1::bigint = any(members) order by _id`,
          [caller.userId],
        );
  const crews = crewRows.map((r) => ({ _id: Number(r._id), name: String(r.name) }));
  if (!crews.length) return { crews, orders: [], total: 0, models: [] };
  // through the data layer: the caller's group, and a crew member's own crews' orders only
  const listed = (filters: ListQuery['filters']) =>
    service.list(ORDERS, caller, {
      skip: 0,
      limit: FIELD_DAY_LIMIT,
      sort: [
        { field: 'dueDate', desc: false },
        { field: '_id', desc: false },
      ],
      filters: [{ field: 'crew', op: 'in', value: crews.map((c) => c._id) }, ...filters],
      deleted: 'no',
    });
  const open = await listed([{ field: 'status', op: 'in', value: [...CREW_WORK_ORDER_STATUSES] }]);
  const done = await listed([
    { field: 'status', op: 'eq', value: 'DONE' },
    { field: 'doneAt', op: 'gte', value: new Date(now.getTime() - DONE_SHOWN_MS) },
  ]);
  const page = { total: open.total, data: [...open.data, ...done.data] };
  const orders = page.data as Row[];
  const refs = orders.map(refsOf);
  const devices = await devicesOfOrders(raw, caller.groupId, refs);
  const kindIds = [...new Set(orders.map((o) => o.faultKind).filter((k) => k != null))];
  const { rows: kinds } = kindIds.length
    ? await raw.query(`select _id, name from fault_kinds where _id = any($1::bigint[])`, [kindIds])
    : { rows: [] };
  const kindName = new Map(kinds.map((k) => [Number(k._id), String(k.name)]));
  // what a lamp replaced offline may be replaced with
  const { rows: models } = await raw.query(
    `select _id, name from luminary_models where deleted_at is null order by name, _id limit $1`,
    [FIELD_MODELS_LIMIT],
  );
  return {
    crews,
    total: page.total,
    models: models.map((m) => ({ _id: Number(m._id), name: String(m.name) })),
    orders: orders.map((o, i) => ({
      _id: o._id,
      title: o.title,
      status: o.status,
      priority: o.priority,
      dueDate: o.dueDate ?? null,
      street: o.street ?? null,
      crew: o.crew,
      eventType: o.eventType ?? null,
      faultKind:
        o.faultKind == null ? null : { _id: o.faultKind, name: kindName.get(Number(o.faultKind)) ?? '' },
      doneAt: o.doneAt ?? null,
      notes: o.notes ?? null,
      reason: o.reason ?? null,
      updatedAt: o.updatedAt,
      devices: devicesOfOrder(devices, refs[i]!),
    })),
  };
}
