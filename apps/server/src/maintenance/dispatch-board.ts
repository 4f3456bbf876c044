import { sql } from 'drizzle-orm';
import { entity, type DispatchOrder, type WorkOrderPriority, type WorkOrderStatus } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import { scopeCondition } from '../entities/conditions.ts';
import type { EntityService } from '../entities/entity.service.ts';

const ORDERS = entity('WorkOrders');
const CREWS = entity('Crews');
/** the orders a dispatcher has still to see through: not done, verified or cancelled */
export const DISPATCH_STATUSES = ['NEW', 'ASSIGNED', 'IN_PROGRESS', 'REOPENED'] as const;
/** a city's open orders are hundreds; a storm that opened more still answers, the first due first */
export const DISPATCH_LIMIT = 5_000;
// a group has a handful of crews; the lanes are drawn side by side
const CREWS_LIMIT = 200;

type Found = Record<string, unknown>;

const isoOf = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const numberOf = (v: unknown) => (v == null ? null : Number(v));
// a reference as the list gives it: its id, or the record it names
const refOf = (v: unknown) => numberOf(v && typeof v === 'object' ? (v as Found)._id : v);

/**
 * The open orders the caller may see (their group's, a crew member's own crews'), due first, each placed where a crew
 * goes: one statement, its total told beside the first DISPATCH_LIMIT.
 */
async function openOrders(db: Db, caller: Caller, now: Date) {
  const t = tableOf(ORDERS);
  // the lists' own scope, so that this screen shows no order the list would not
  const scope = scopeCondition(ORDERS, t, caller);
  // the page first, then each of its orders placed: placing every open order before the limit cost twice the time
  // when a storm had opened twenty thousand
  const result = await db.execute(sql`
    with page as (
      select ${t._id}::int as "_id", ${t.title} as title, coalesce(${t.status}, 'NEW') as status,
        ${t.priority} as priority, ${t.crew}::int as crew, ${t.group}::int as "group", ${t.dueDate} as "dueDate",
        ${t.street} as street, ${t.createdAt} as "openedAt",
        (extract(epoch from ${now.toISOString()}::timestamptz - ${t.createdAt}) / 3600)::float8 as "ageHours",
        coalesce(${t.dueDate} < ${now.toISOString()}::timestamptz, false) as late,
        ${t.supports} as supports, ${t.cabinets} as cabinets, count(*) over ()::int as total
      from ${t}
      where ${t.deletedAt} is null
        and coalesce(${t.status}, 'NEW') = any(${sql.param([...DISPATCH_STATUSES])}::text[])
        ${scope ? sql`and ${scope}` : sql``}
      order by ${t.dueDate} asc nulls last, ${t._id}
      limit ${DISPATCH_LIMIT})
    select page."_id", page.title, page.status, page.priority, page.crew, page."group", page."dueDate",
      page.street, page."openedAt", page."ageHours", page.late, place.lon, place.lat, page.total
    from page
    left join lateral (
      select s.location_lon as lon, s.location_lat as lat, 0 as rank from luminary_supports s
      where s._id = page.supports[1] and s.location_lat is not null
      union all
      select c.location_lon, c.location_lat, 1 from cabinets c
      where c._id = page.cabinets[1] and c.location_lat is not null
      order by rank limit 1) place on true
    order by page."dueDate" asc nulls last, page."_id"`);
  return (result as unknown as { rows: Found[] }).rows;
}

/** The dispatcher's board (issue 32): the open orders on the map and in lanes, and the crews they go to. */
export async function dispatchBoard(db: Db, service: EntityService, caller: Caller, now: Date) {
  const [rows, crews] = await Promise.all([
    openOrders(db, caller, now),
    service.list(CREWS, caller, {
      skip: 0,
      limit: CREWS_LIMIT,
      sort: [{ field: 'name', desc: false }],
      filters: [],
      deleted: 'no',
    }),
  ]);
  const orders: DispatchOrder[] = rows.map((r) => ({
    _id: Number(r._id),
    title: String(r.title),
    status: r.status as WorkOrderStatus,
    priority: (r.priority ?? 'MEDIUM') as WorkOrderPriority,
    crew: numberOf(r.crew),
    group: numberOf(r.group),
    dueDate: isoOf(r.dueDate),
    street: r.street == null ? null : String(r.street),
    openedAt: isoOf(r.openedAt)!,
    ageHours: Number(r.ageHours),
    late: r.late === true,
    lon: numberOf(r.lon),
    lat: numberOf(r.lat),
  }));
  const total = Number(rows[0]?.total ?? 0);
  return {
    at: now.toISOString(),
    total,
    leftOut: total - orders.length,
    orders,
    crews: (crews.data as Found[]).map((c) => ({
      _id: Number(c._id),
      name: String(c.name),
      group: refOf(c.group),
    })),
  };
}
