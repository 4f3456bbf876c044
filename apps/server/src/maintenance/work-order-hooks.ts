import {
  OPEN_WORK_ORDER_STATUSES,
  mayMoveWorkOrder,
  statusForCrew,
  workOrderDue,
  type WorkOrderPriority,
  type WorkOrderStatus,
} from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { EntityHooks } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import type { Clock } from '../lighting/program-service.ts';
import { ApiError } from '../http/api-error.ts';
import { followOrder } from '../open311/follow-order.ts';

type Row = Record<string, unknown>;
const idOf = (v: unknown): number | null =>
  v == null ? null : Number(v && typeof v === 'object' ? (v as Row)._id : v);

/** The fault kind an order is measured by: its own, else the one kept for its event type. */
export async function faultKindOf(raw: Raw, order: Row): Promise<Row | undefined> {
  const id = idOf(order.faultKind);
  const { rows } =
    id != null
      ? await raw.query(`select * from fault_kinds where _id = $1 and deleted_at is null`, [id])
      : order.eventType
        ? await raw.query(`select * from fault_kinds where event_type = $1 and deleted_at is null`, [
            order.eventType,
          ])
        : { rows: [] };
  const kind = rows[0];
  if (!kind) return undefined;
  return {
    _id: Number(kind._id),
    hoursUrgent: kind.hours_urgent,
    hoursHigh: kind.hours_high,
    hoursMedium: kind.hours_medium,
    hoursLow: kind.hours_low,
  };
}

/** Events of `events` already in another order that is not over: an event is ordered once. */
export async function eventsOrdered(raw: Raw, events: number[], except?: number): Promise<number[]> {
  if (!events.length) return [];
  const { rows } = await raw.query(
    `select distinct e as id from work_orders w, unnest(w.events) e
    where w.deleted_at is null and w.status = any($1::text[]) and w.events && $2::bigint[]
      and e = any($2::bigint[]) and ($3::bigint is null or w._id <> $3)`,
    [OPEN_WORK_ORDER_STATUSES, events, except ?? null],
  );
  return rows.map((r) => Number(r.id));
}

export async function assertCrewOfGroup(raw: Raw, crew: unknown, group: unknown) {
  const id = idOf(crew);
  if (id == null) return;
  const { rows } = await raw.query(`select "group" from crews where _id = $1 and deleted_at is null`, [id]);
  if (!rows[0]) throw new ApiError('NotFoundError', ['crew']);
  // a crew works for its own group's orders only
  if (group != null && rows[0].group != null && Number(rows[0].group) !== idOf(group))
    throw new ApiError('IsInvalidError', ['crew']);
}

async function assertNotOrdered(raw: Raw, events: unknown, except?: number) {
  if (!Array.isArray(events)) return;
  const taken = await eventsOrdered(raw, events.map(Number), except);
  if (taken.length) throw new ApiError('AlreadyExistsError', ['events']);
}

/** When an order changes state, the moments it was done and closed. */
function stamp(data: Row, status: WorkOrderStatus, now: Date) {
  if (status === 'DONE') data.doneAt = now;
  if (status === 'VERIFIED' || status === 'CANCELLED') data.closedAt = now;
  if (status === 'REOPENED') {
    data.doneAt = null;
    data.closedAt = null;
  }
}

/**
 * A work order's rules beyond its declaration: the states it may move between, its crew from its own group, its
 * due date from its fault kind's service level, and an event ordered once.
 */
export function workOrderHooks(raw: Raw, clock: Clock, written: (table: string) => void): EntityHooks {
  return {
    // a citizen's report follows its order: closed with the public note once verified or cancelled
    async afterUpdate(_caller: Caller, row: Row, _patch: Row, before: Row) {
      if (row.status !== before.status && (await followOrder(raw, row))) written('service_requests');
    },
    async beforeCreate(_caller: Caller, data: Row) {
      const status = statusForCrew((data.status as WorkOrderStatus | undefined) ?? 'NEW', data.crew);
      if (status !== 'NEW' && status !== 'ASSIGNED') throw new ApiError('IsInvalidError', ['status']);
      data.status = status;
      await assertCrewOfGroup(raw, data.crew, data.group);
      await assertNotOrdered(raw, data.events);
      const kind = await faultKindOf(raw, data);
      if (kind && data.faultKind == null) data.faultKind = kind._id;
      data.dueDate =
        workOrderDue(clock.now(), kind, (data.priority as WorkOrderPriority) ?? 'MEDIUM') ?? null;
    },
    async beforeUpdate(_caller: Caller, current: Row, patch: Row) {
      const from = current.status as WorkOrderStatus;
      const crew = 'crew' in patch ? patch.crew : current.crew;
      const to = (patch.status as WorkOrderStatus | undefined) ?? statusForCrew(from, crew);
      if (!mayMoveWorkOrder(from, to)) throw new ApiError('IsInvalidError', ['status']);
      // a reopening or a cancellation says why, each time
      if (to !== from && (to === 'REOPENED' || to === 'CANCELLED') && !patch.reason)
        throw new ApiError('IsInvalidError', ['reason']);
      if (to !== from) {
        patch.status = to;
        stamp(patch, to, clock.now());
      }
      const group = current.group;
      if ('crew' in patch) await assertCrewOfGroup(raw, patch.crew, group);
      if ('events' in patch) await assertNotOrdered(raw, patch.events, Number(current._id));
      if ('priority' in patch || 'faultKind' in patch || 'eventType' in patch) {
        const merged = { ...current, ...patch };
        const kind = await faultKindOf(raw, merged);
        const opened = new Date(current.createdAt as string);
        patch.dueDate = workOrderDue(opened, kind, merged.priority as WorkOrderPriority) ?? null;
      }
    },
  };
}
