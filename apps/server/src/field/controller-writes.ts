import { sql } from 'drizzle-orm';
import type { ControllerState } from '@sl/protocol';
import { saidGoodbye } from '../db/controller-goodbye.table.ts';
import { controllerStatus } from './field-status-sql.ts';
import { chunks, type FieldWrites } from './field-writes.ts';
import { lockedInOrder } from './locked-in-order.ts';
import { modulesOfControllersOffline } from './offline-sweep.ts';

export type HeardState = { state: ControllerState; at: string };

/** Who is told when controllers come online or are heard connected with a flush. */
export type Presence = {
  onOnline?: (macs: string[]) => void;
  onConnected?: (macs: string[]) => void;
};

/** Each controller's presence and state. */
export async function writeStates(
  w: FieldWrites,
  presence: Presence,
  states: [string, HeardState][],
  heardAt: string,
) {
  for (const batch of chunks(states))
    await w.tolerant(
      batch,
      ([mac]) => mac,
      (rows) => writeStateRows(w, presence, rows, heardAt),
    );
}

async function writeStateRows(
  w: FieldWrites,
  presence: Presence,
  batch: [string, HeardState][],
  heardAt: string,
) {
  const rows = batch.map(([mac, { state, at }]) => ({
    mac,
    at,
    online: state.online,
    ...(state.online && {
      iostate: state.iostate,
      cputemp: state.cputemp,
      version: state.version,
      network: state.network,
      readingMeter: state.readingMeter,
    }),
  }));
  // an offline controller keeps its last reported values; only its presence and status change
  const json = JSON.stringify(rows);
  const result = await w.db.execute(sql`
    with locked as (select _id from controllers
      where mac in (select v.mac from jsonb_to_recordset(${json}::jsonb) as v(mac text)) and deleted_at is null
      order by _id for update)
    update controllers as c set
      connected = v.online,
      cl_status = case when v.online then 1 else 3 end,
      status = ${sql.raw(controllerStatus('v.online', 'c.status'))},
      iostate = coalesce(v.iostate, c.iostate), cputemp = coalesce(v.cputemp, c.cputemp),
      version = coalesce(v.version, c.version), network = coalesce(v.network, c.network),
      reading_meter = coalesce(v."readingMeter", c.reading_meter),
      last_received_at = ${heardAt}::timestamptz
    from jsonb_to_recordset(${json}::jsonb) as v(
      mac text, at timestamptz, online boolean, iostate int, cputemp float8, version text, network text,
      "readingMeter" boolean),
      controllers as before, locked
    where c.mac = v.mac and c.deleted_at is null and before._id = c._id and locked._id = c._id
    returning c._id, c.mac, c."group", c.cl_status, c.iostate, c.connected,
      (before.cl_status is distinct from c.cl_status or before.iostate is distinct from c.iostate) as changed,
      (before.connected is not true and c.connected) as came_online`);
  w.written('controllers', rows.length, result);
  const states =
    (result as { rows?: { mac: string; came_online: boolean; connected: boolean }[] }).rows ?? [];
  const online = states.filter((r) => r.came_online);
  if (online.length) presence.onOnline?.(online.map((r) => r.mac));
  const connected = states.filter((r) => r.connected);
  if (connected.length) presence.onConnected?.(connected.map((r) => r.mac));
  w.announce('controllers', result);
  const offline = rows.filter((r) => !r.online).map((r) => r.mac);
  if (offline.length)
    await w.retried(() =>
      w.raw.query(
        `insert into controller_goodbyes (controller, at)
        select _id, $2::timestamptz from controllers where mac = any($1::text[]) and deleted_at is null
        on conflict (controller) do nothing`,
        [offline, heardAt],
      ),
    );
  const behind = await modulesOfControllersOffline(w.raw, offline);
  if (behind.rows.length) {
    w.changed('luminary_modules');
    w.announce('modules', behind);
  }
}

/**
 * The controllers whose state in this flush says online: their goodbye ends before the flush's readings are
 * written, so those readings count.
 */
export async function welcomeBack(w: FieldWrites, states: [string, HeardState][]) {
  const back = states.filter(([, s]) => s.state.online).map(([mac]) => mac);
  if (!back.length) return;
  await w.retried(() =>
    w.raw.query(
      `delete from controller_goodbyes g using controllers c where c._id = g.controller and c.mac = any($1::text[])`,
      [back],
    ),
  );
}

/**
 * A controller that sent readings was heard, whatever its state says: its silence is measured from them. One
 * marked offline by the sweep is back when it speaks again; one that said goodbye is not (controllerGoodbyes), and a last
 * will in the same flush is written after this, and wins.
 */
export async function writeHeard(w: FieldWrites, presence: Presence, controllers: string[], heardAt: string) {
  const heard = [...new Set(controllers)];
  if (!heard.length) return;
  const again = `(c.connected is false and not ${saidGoodbye('c._id')})`;
  const result = await w.retried(() =>
    w.raw.query(
      `with ${lockedInOrder('controllers', '$1::text[]')}
      update controllers as c set last_received_at = greatest(c.last_received_at, v.at),
        connected = case when ${again} then true else c.connected end,
        cl_status = case when ${again} then 1 else c.cl_status end,
        status = case when ${again} then ${controllerStatus('true', 'c.status')} else c.status end
      from unnest($1::text[], $2::timestamptz[]) as v(mac, at), controllers as before, locked
      where c.mac = v.mac and c.deleted_at is null and before._id = c._id and locked._id = c._id
      returning c._id, c.mac, c."group", c.cl_status, c.iostate, c.connected,
        (before.connected is false and c.connected) as changed`,
      [heard, heard.map(() => heardAt)],
    ),
  );
  const back = result.rows.filter((r) => r.changed).map((r) => r.mac as string);
  if (back.length) {
    presence.onOnline?.(back);
    presence.onConnected?.(back);
  }
  w.changed('controllers');
  w.announce('controllers', result);
}
