import { createHash } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  decodeMeterReading,
  decodeModuleBatch,
  METER_NO_VALUE,
  decodeState,
  everyController,
  MAX_MESSAGE_BYTES,
  parseTopic,
  topic,
  type ControllerState,
  type MeterReading,
  type ModuleReading,
  type PhaseRegisters,
} from '@sl/protocol';
import { serverPool, type Db } from '../db/connect.ts';
import { retried } from '../db/transient.ts';
import type { LiveHub } from '../live/live-hub.ts';
import { SYSTEM_CLOCK, type Clock } from '../lighting/program-service.ts';
import { copyInto } from './copy-rows.ts';
import { MeterRises, type MeterRegisters } from './meter-rises.ts';
import {
  METER_READING_COLUMNS,
  moduleHours,
  PHASE_ROW_TYPES,
  PHASE_ROW_VALUES,
  rollMeters,
  rollModules,
  type PhaseRow,
} from './rollups.ts';
import { controllerStatus, moduleStatusFromCode } from './field-status-sql.ts';
import { modulesOfControllersOffline, type Raw } from './offline-sweep.ts';

/**
 * The module reading columns, once: the current state in `luminary_modules` and the history in `module_readings`
 * hold them under the same names as the protocol's module reading.
 */
const READING_COLUMNS = {
  pwm: 'int',
  pow: 'float8',
  lux: 'float8',
  temp: 'float8',
  energy: 'float8',
  runh: 'float8',
  lpwm: 'int',
  cpwm: 'int',
  rssi: 'int',
  twil: 'int',
  cl_status: 'int',
} as const satisfies Partial<Record<keyof ModuleReading, string>>;
const readingNames = Object.keys(READING_COLUMNS) as (keyof typeof READING_COLUMNS)[];
/** every column of a written reading, `at` and `mac` first, with its array type for unnest */
const COLUMNS = [
  ['at', 'timestamptz'],
  ['mac', 'text'],
  ...Object.entries(READING_COLUMNS),
] as const satisfies readonly (readonly [string, string])[];
const COLUMN_NAMES = COLUMNS.map(([c]) => c as keyof ModuleReading);
const NAMES = COLUMN_NAMES.join(', ');
const UNNEST = `unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')}) as v(${NAMES})`;
const SET = readingNames.map((c) => `${c} = v.${c}`).join(', ');
/** the current state's columns and, last, the report as the module sent it (spec §3 raw module data) */
const STATE_UNNEST = `unnest(${[...COLUMNS, ['raw', 'jsonb']].map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')}) as v(${NAMES}, raw)`;
/** a reading as its module sent it, but for what the batch says of all (its MAC and time are columns) */
const rawOf = ({ mac: _mac, at: _at, ...report }: ModuleReading) => JSON.stringify(report);

/** A chunk of readings as one array per column: sent as parameters, never parsed as JSON by the database. */
const columnsOf = (rows: ModuleReading[]) =>
  COLUMNS.map(([c]) => rows.map((r) => r[c as keyof ModuleReading] ?? null));

/**
 * A module's power is announced when it moves by more than this: a lamp settles at its new level one reading
 * after the level itself changed, and the readings' own noise (about 1 %) must not flood the live streams.
 */
const POWER_STEP = { watts: 1, share: 0.05 };

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * The shared subscription group of the server processes on one database: they share the readings among them, while
 * another installation on the same broker (another database) gets every reading too.
 */
export function shareGroupOf(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  const where = `${u.hostname}:${u.port || 5432}${u.pathname}`;
  return `sl-ingest-${createHash('sha256').update(where).digest('hex').slice(0, 12)}`;
}

/**
 * Field readings into each device's current state. Messages are decoded as they come and written in batches:
 * the newest reading per device since the last flush, one statement per kind. A payload that cannot be read is
 * counted and logged with its topic, never dropped silently.
 */
export class Ingest {
  readonly counters = {
    messages: 0,
    readings: 0,
    malformed: 0,
    unknownDevices: 0,
    /**
     * module readings that came from a controller the module is not assigned to, and meter readings that came from
     * a controller the meter does not belong to: dropped, never stored
     */
    foreignReadings: 0,
    /** messages over MAX_MESSAGE_BYTES (only an external broker without its own limit lets them through) */
    oversize: 0,
    flushes: 0,
    /** rows the database refused on their own, set aside so the rest of their batch is stored */
    setAside: 0,
    failedFlushes: 0,
    /** writes the database rolled back for another process's sake (a deadlock) and that were made again */
    retries: 0,
  };
  /** told of the controllers that came online with a flush (offline or never heard of before) */
  onOnline?: (macs: string[]) => void;
  /**
   * told of the controllers heard connected with a flush, those that came online and those whose row said so already
   * (one that reconnected after a restart of the server with its broker, which wrote no last will): their programs
   * may be waiting for them
   */
  onConnected?: (macs: string[]) => void;
  /** the server's now: a last will carries no time of its own and is stamped with it */
  clock: Clock = SYSTEM_CLOCK;
  /** the hourly rollups kept with each flush (off only for bench:field's baseline) */
  rollups = true;
  /** the last flush that failed as a whole (the database unreachable, say), until one succeeds */
  failing: { at: string; reason: string } | undefined;
  /** devices already logged for a refused row: one line per device, not one per reading */
  private readonly loggedDevices = new Set<string>();
  /** every module batch since the last flush with the controller it came from (the topic's, never the payload's) */
  private batches: { controller: string; modules: ModuleReading[] }[] = [];
  /** module MAC → the MAC of the controller it is assigned to (null: none; false: no such module), for a while */
  private readonly assignments = new Map<string, { owner: string | null | false; until: number }>();
  /** controllers already logged for a foreign reading */
  private readonly loggedForeign = new Set<string>();
  /** every meter reading since the last flush with the controller it came from (the topic's) */
  private meters: { controller: string; reading: MeterReading }[] = [];
  private states = new Map<string, { state: ControllerState; at: string }>();
  private readonly meterRises = new MeterRises();
  private readonly timer: NodeJS.Timeout;
  private flushing = Promise.resolve();
  private announcing = Promise.resolve();
  private readonly raw: Raw;
  private readonly pool: pg.Pool | undefined;
  private readonly chunk: number;
  private readonly parallel: number;

  constructor(
    private readonly client: MqttClient,
    private readonly db: Db,
    private readonly log: Log,
    private readonly hub?: LiveHub,
    /** told of every table a flush wrote to, once the write is done (the list pages of it are dropped) */
    private readonly changed: (table: string) => void = () => {},
    flushMs = 500,
    /**
     * Readings and meter readings through this shared subscription group (shareGroupOf), so that each is stored by
     * one of the server processes on the database (on an external broker; the embedded one serves one process).
     * States stay ordinary subscriptions: the broker keeps them retained for every process, and writing one twice
     * is harmless.
     */
    shareGroup?: string,
  ) {
    this.raw = (db as unknown as { $client: Raw }).$client;
    this.pool = serverPool(db);
    // a PostgreSQL server takes big statements, several at once; PGlite is one connection with a message limit
    const server = this.pool !== undefined;
    this.chunk = server ? 5000 : 1000;
    this.parallel = server ? 2 : 1;
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    const once = (topic: string) => (shareGroup ? `$share/${shareGroup}/${topic}` : topic);
    client.subscribe(
      [everyController('state'), once(everyController('modules')), once(everyController('meter'))],
      {
        qos: 1,
      },
    );
    this.timer = setInterval(() => void this.flush(), flushMs);
  }

  private onMessage(topic: string, payload: Buffer) {
    const where = parseTopic(topic);
    if (where && payload.length > MAX_MESSAGE_BYTES) {
      this.counters.oversize += 1;
      return this.log.warn({ topic, bytes: payload.length }, 'over-size field message dropped');
    }
    if (where?.kind === 'state') {
      // an empty retained message is how a retained state is cleared, not a message from the field
      if (payload.length === 0) return;
      this.counters.messages += 1;
      const decoded = decodeState(payload);
      if (!decoded.ok) return this.malformed(topic, decoded.reason);
      const at = decoded.value.online
        ? decoded.value.at
        : (decoded.value.at ?? this.clock.now().toISOString());
      this.states.set(where.mac, { state: decoded.value, at });
    } else if (where?.kind === 'modules') {
      this.counters.messages += 1;
      const decoded = decodeModuleBatch(payload);
      if (!decoded.ok) return this.malformed(topic, decoded.reason);
      this.batches.push({ controller: where.mac, modules: decoded.value.modules });
      this.counters.readings += decoded.value.modules.length;
    } else if (where?.kind === 'meter') {
      this.counters.messages += 1;
      const decoded = decodeMeterReading(payload);
      if (!decoded.ok) return this.malformed(topic, decoded.reason);
      this.meters.push({ controller: where.mac, reading: decoded.value });
      this.counters.readings += 1;
    }
  }

  private malformed(topic: string, reason: string) {
    this.counters.malformed += 1;
    this.log.warn({ topic, reason }, 'malformed field message');
  }

  /** Writes what has arrived; resolves when it is stored. */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .then(
        () => (this.failing = undefined),
        (err: unknown) => {
          this.counters.failedFlushes += 1;
          this.failing = { at: new Date().toISOString(), reason: String((err as Error)?.message ?? err) };
          this.log.error({ err }, 'ingest failed');
        },
      );
    return this.flushing;
  }

  /**
   * Writes rows with `write` (one transaction: made again when the database rolled it back for another's sake); when
   * the database refuses the data (not when it is unreachable), the rows are halved until each refused one stands
   * alone, and those are set aside: one bad reading never costs the others theirs.
   */
  private async tolerant<T>(rows: T[], device: (row: T) => string, write: (rows: T[]) => Promise<unknown>) {
    try {
      await this.retried(() => write(rows));
    } catch (err) {
      if (!isDataError(err)) throw err;
      if (rows.length === 1) return this.setAside(device(rows[0]!), err);
      const half = Math.ceil(rows.length / 2);
      await this.tolerant(rows.slice(0, half), device, write);
      await this.tolerant(rows.slice(half), device, write);
    }
  }

  private retried<T>(work: () => Promise<T>) {
    return retried(work, () => (this.counters.retries += 1));
  }

  private setAside(device: string, err: unknown) {
    this.counters.setAside += 1;
    if (this.loggedDevices.has(device)) return;
    if (this.loggedDevices.size >= 10_000) this.loggedDevices.clear();
    this.loggedDevices.add(device);
    this.log.warn(
      { device, reason: String((err as Error)?.message ?? err) },
      'field data refused by the database, set aside',
    );
  }

  private async write() {
    const batches = this.batches;
    const states = [...this.states.entries()];
    const meters = this.meters;
    this.batches = [];
    this.states = new Map();
    this.meters = [];
    const { history, modules } = await this.believed(batches);
    const owned = await this.believedMeters(meters);
    const believedMeters = this.meterRises.sift(owned.readings, owned.stored, ({ controller }, reason) =>
      this.malformed(topic(controller, 'meter'), reason),
    );
    // a device is heard when its message arrives, by the server's clock: its own clock may be wrong by months,
    // and its silence is measured against the server's (arrival is within a flush interval of now)
    const heardAt = this.clock.now().toISOString();
    // the history and the current state are independent: on a server they go on connections of their own
    await Promise.all([
      this.writeHistory(history, believedMeters),
      this.writeModules(modules, heardAt),
      this.writeModuleHours(history),
    ]);
    await this.writeHeard(batches, heardAt);
    await this.writeStates(states, heardAt);
    this.counters.flushes += 1;
  }

  /** Forgets which controller each module belongs to (a module or controller was changed in this process). */
  forgetAssignments() {
    this.assignments.clear();
  }

  /**
   * The readings each module's own controller sent (DESIGN.md §5): a reading for a module assigned to another
   * controller, or to none, is counted and dropped, and so is one for a module nobody knows. Which controller a
   * module belongs to is asked of the database once a minute per module, not per reading.
   */
  private async believed(batches: { controller: string; modules: ModuleReading[] }[]) {
    const now = Date.now();
    const missing = new Set<string>();
    for (const b of batches)
      for (const r of b.modules) {
        const known = this.assignments.get(r.mac);
        if (!known || known.until < now) missing.add(r.mac);
      }
    if (missing.size) {
      if (this.assignments.size + missing.size > ASSIGNMENTS_MAX) this.assignments.clear();
      const until = now + ASSIGNMENT_MS;
      for (const chunk of chunks([...missing], 5000)) {
        const { rows } = await this.raw.query(
          `select m.mac, c.mac as owner from luminary_modules m
            left join controllers c on c._id = m.controller and c.deleted_at is null
          where m.mac = any($1::text[]) and m.deleted_at is null`,
          [chunk],
        );
        const found = new Map(rows.map((r) => [r.mac as string, (r.owner as string | null) ?? null]));
        for (const mac of chunk) this.assignments.set(mac, { owner: found.get(mac) ?? false, until });
      }
    }
    const history: ModuleReading[] = [];
    const latest = new Map<string, ModuleReading>();
    for (const b of batches)
      for (const r of b.modules) {
        const owner = this.assignments.get(r.mac)?.owner ?? false;
        if (owner === b.controller) {
          history.push(r);
          latest.set(r.mac, r);
        } else if (owner === false) this.counters.unknownDevices += 1;
        else this.foreign(b.controller, { module: r.mac }, owner);
      }
    return { history, modules: [...latest.values()] };
  }

  /**
   * The meter readings each meter's own controller sent: the controller the meter names, or, when it names none,
   * its cabinet's (the one the cabinet names, or one that names the cabinet). A reading from any other controller,
   * or for a meter that belongs to none, is counted and dropped, and so is one for a meter nobody knows. Meters
   * read a few times a minute per cabinet, so their controllers are asked of the database at each flush that has
   * meter readings, never believed from a cache; so are their latest registers (`stored`), which a reading's rise
   * is judged against.
   */
  private async believedMeters(meters: { controller: string; reading: MeterReading }[]) {
    const stored = new Map<string, MeterRegisters>();
    if (!meters.length) return { readings: meters, stored };
    const owners = new Map<string, Set<string>>();
    for (const chunk of chunks([...new Set(meters.map((m) => m.reading.serial))], 5000)) {
      const { rows } = await this.raw.query(
        `select m.serial, o.mac as owner, m.energy_data as phases, m.last_received_at as at from meters m
          left join lateral (
            select c.mac from controllers c where c._id = m.controller and c.deleted_at is null
            union
            select c.mac from cabinets k join controllers c on c._id = k.controller and c.deleted_at is null
            where m.controller is null and k._id = m.cabinet and k.deleted_at is null
            union
            select c.mac from controllers c
            where m.controller is null and c.cabinet = m.cabinet and c.deleted_at is null
          ) o on true
          where m.serial = any($1::text[]) and m.deleted_at is null`,
        [chunk],
      );
      for (const r of rows) {
        const serial = r.serial as string;
        const set = owners.get(serial) ?? new Set<string>();
        owners.set(serial, set);
        if (r.owner) set.add(r.owner as string);
        if (r.at && Array.isArray(r.phases))
          stored.set(serial, {
            at: new Date(r.at as string).toISOString(),
            phases: r.phases as PhaseRegisters[],
          });
      }
    }
    const believed: typeof meters = [];
    for (const m of meters) {
      const { controller, reading } = m;
      const owner = owners.get(reading.serial);
      if (owner?.has(controller)) believed.push(m);
      else if (owner === undefined) this.counters.unknownDevices += 1;
      else this.foreign(controller, { meter: reading.serial }, [...owner].join(',') || null);
    }
    return { readings: believed, stored };
  }

  private foreign(controller: string, device: { module: string } | { meter: string }, owner: string | null) {
    this.counters.foreignReadings += 1;
    if (this.loggedForeign.has(controller)) return;
    if (this.loggedForeign.size >= 10_000) this.loggedForeign.clear();
    this.loggedForeign.add(controller);
    this.log.warn(
      { controller, ...device, owner },
      'reading for a device of another controller dropped (further ones from this controller are only counted)',
    );
  }

  /** The newest reading of each module into its current state. */
  private async writeModules(modules: ModuleReading[], heardAt: string) {
    await this.inParallel(chunks(modules, this.chunk), (chunk) =>
      this.tolerant(chunk, byMac, (rows) => this.writeModuleRows(rows, heardAt)),
    );
  }

  private async writeModuleRows(rows: ModuleReading[], heardAt: string) {
    const result = await this.raw.query(
      `with ${lockedInOrder('luminary_modules', '$2::text[]')}
      update luminary_modules as m set ${SET}, raw = v.raw, status = ${MODULE_STATUS},
        last_received_at = $${COLUMNS.length + 2}::timestamptz
      from ${STATE_UNNEST}, luminary_modules as before, locked
      where m.mac = v.mac and m.deleted_at is null and before._id = m._id and locked._id = m._id
      returning m._id, m.mac, m."group", m.cl_status, m.pwm, m.pow,
        (before.cl_status is distinct from m.cl_status or before.pwm is distinct from m.pwm
          or abs(coalesce(m.pow, 0) - coalesce(before.pow, 0))
            > greatest(${POWER_STEP.watts}, ${POWER_STEP.share} * abs(coalesce(before.pow, 0)))) as changed`,
      [...columnsOf(rows), rows.map(rawOf), heardAt],
    );
    this.written('luminary_modules', rows.length, result);
    this.announce('modules', result);
  }

  /** Each controller's presence and state. */
  private async writeStates(states: [string, { state: ControllerState; at: string }][], heardAt: string) {
    for (const batch of chunks(states))
      await this.tolerant(
        batch,
        ([mac]) => mac,
        (rows) => this.writeStateRows(rows, heardAt),
      );
  }

  private async writeStateRows(batch: [string, { state: ControllerState; at: string }][], heardAt: string) {
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
    const result = await this.db.execute(sql`
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
    this.written('controllers', rows.length, result);
    const states =
      (result as { rows?: { mac: string; came_online: boolean; connected: boolean }[] }).rows ?? [];
    const online = states.filter((r) => r.came_online);
    if (online.length) this.onOnline?.(online.map((r) => r.mac));
    const connected = states.filter((r) => r.connected);
    if (connected.length) this.onConnected?.(connected.map((r) => r.mac));
    this.announce('controllers', result);
    const offline = rows.filter((r) => !r.online).map((r) => r.mac);
    const behind = await modulesOfControllersOffline(this.raw, offline);
    if (behind.rows.length) {
      this.changed('luminary_modules');
      this.announce('modules', behind);
    }
  }

  /**
   * A controller that sent readings was heard, whatever its state says: its silence is measured from them. One
   * marked offline is back when it speaks again (a last will in the same flush is written after this, and wins).
   */
  private async writeHeard(batches: { controller: string; modules: ModuleReading[] }[], heardAt: string) {
    const heard = new Map<string, string>(batches.map((b) => [b.controller, heardAt]));
    if (!heard.size) return;
    const again = `(c.connected is false)`;
    const result = await this.retried(() =>
      this.raw.query(
        `with ${lockedInOrder('controllers', '$1::text[]')}
      update controllers as c set last_received_at = greatest(c.last_received_at, v.at),
        connected = case when ${again} then true else c.connected end,
        cl_status = case when ${again} then 1 else c.cl_status end,
        status = case when ${again} then ${controllerStatus('true', 'c.status')} else c.status end
      from unnest($1::text[], $2::timestamptz[]) as v(mac, at), controllers as before, locked
      where c.mac = v.mac and c.deleted_at is null and before._id = c._id and locked._id = c._id
      returning c._id, c.mac, c."group", c.cl_status, c.iostate, c.connected,
        (before.connected is false and c.connected) as changed`,
        [[...heard.keys()], [...heard.values()]],
      ),
    );
    const back = result.rows.filter((r) => r.changed).map((r) => r.mac as string);
    if (back.length) {
      this.onOnline?.(back);
      this.onConnected?.(back);
    }
    this.changed('controllers');
    this.announce('controllers', result);
  }

  /**
   * The readings' hourly rollups, one row per module and hour, in order, one chunk at a time: two at once could lock
   * the same rows crosswise.
   */
  private async writeModuleHours(history: ModuleReading[]) {
    if (!this.rollups) return;
    for (const chunk of chunks(moduleHours(history), this.chunk))
      await this.tolerant(
        chunk,
        (h) => h.mac,
        (rows) => rollModules(this.raw, rows),
      );
  }

  /**
   * Every reading into the day-partitioned history and the meters' hourly rollups; a meter's 65535 (no value) is stored as 0
   * (spec §5).
   */
  private async writeHistory(history: ModuleReading[], meters: MeterReading[]) {
    const pool = this.pool;
    await this.inParallel(chunks(history, this.chunk), (chunk) =>
      this.tolerant(chunk, byMac, (rows) =>
        pool
          ? copyInto(pool, 'module_readings', COLUMN_NAMES, rows)
          : this.raw.query(
              `insert into module_readings (${NAMES}) select ${NAMES} from ${UNNEST}`,
              columnsOf(rows),
            ),
      ),
    );
    const zero = (v: number) => (v === METER_NO_VALUE ? 0 : v);
    // the registers only a four-quadrant meter has: empty rather than 0 when missing, where 0 is a real count
    const register = (v: number | undefined) => (v === undefined || v === METER_NO_VALUE ? null : v);
    const phases: PhaseRow[] = meters.flatMap((m) =>
      m.phases.map((p) => ({
        at: m.at,
        serial: m.serial,
        phase: p.phase,
        voltage: zero(p.voltage),
        current: zero(p.current),
        power: zero(p.power),
        energy: zero(p.energy),
        energyExport: register(p.energyExport),
        reactiveImport: register(p.reactiveImport),
        reactiveExport: register(p.reactiveExport),
      })),
    );
    for (const chunk of chunks(phases))
      await this.tolerant(
        chunk,
        (p) => p.serial,
        (rows) =>
          this.db.execute(sql`
            insert into meter_readings (${sql.raw(METER_READING_COLUMNS)})
            select ${sql.raw(PHASE_ROW_VALUES)}
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(PHASE_ROW_TYPES)})`),
      );
    for (const chunk of this.rollups ? chunks(phases) : [])
      await this.tolerant(
        chunk,
        (p) => p.serial,
        (rows) => rollMeters(this.raw, rows),
      );
    const latest = new Map(meters.map((m) => [m.serial, m]));
    if (latest.size) {
      const rows = [...latest.values()].map((m) => ({
        serial: m.serial,
        at: m.at,
        phases: phases.filter((p) => p.serial === m.serial && p.at === m.at),
      }));
      await this.tolerant(
        rows,
        (m) => m.serial,
        async (batch) => {
          const result = await this.db.execute(sql`
            update meters as m set energy_data = v.phases, last_received_at = v.at
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(serial text, at timestamptz, phases jsonb)
            where m.serial = v.serial and m.deleted_at is null
              and (m.last_received_at is null or m.last_received_at <= v.at)`);
          this.written('meters', batch.length, result);
        },
      );
    }
  }

  /**
   * Devices whose status, level or power changed, per group, to the live streams. Queued behind the earlier announcements but
   * not awaited by the writes: many changes at once take many notifications, and readings must not wait for them.
   */
  announce(type: 'modules' | 'controllers', result: unknown) {
    const hub = this.hub;
    if (!hub) return;
    const rows = ((result as { rows?: Record<string, unknown>[] }).rows ?? []).filter((r) => r.changed);
    const byGroup = new Map<number | null, Record<string, unknown>[]>();
    for (const { changed: _changed, group, _id, ...r } of rows) {
      // bigint columns read through raw SQL arrive as strings from a PostgreSQL server
      const g = group == null ? null : Number(group);
      const list = byGroup.get(g) ?? [];
      if (!list.length) byGroup.set(g, list);
      list.push({ _id: Number(_id), ...r });
    }
    for (const [groupId, data] of byGroup)
      this.announcing = this.announcing
        .then(() => hub.publish({ type, groupId, data }))
        .catch((err: unknown) => this.log.error({ err }, 'live announcement failed'));
  }

  /** A batch of current states was written to `table`: readings for devices we do not know are counted. */
  private written(table: string, sent: number, result: unknown) {
    this.changed(table);
    const r = result as { rowCount?: number; affectedRows?: number };
    const written = r.rowCount ?? r.affectedRows;
    if (written !== undefined && written < sent) this.counters.unknownDevices += sent - written;
  }

  /** Runs `write` over the chunks, at most `parallel` at a time. */
  private async inParallel<T>(items: T[], write: (item: T) => Promise<unknown>) {
    let next = 0;
    const worker = async () => {
      while (next < items.length) await write(items[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(this.parallel, items.length) }, worker));
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
    await this.announcing;
  }
}

const byMac = (r: ModuleReading) => r.mac;

/**
 * The live rows of `table` whose MAC is among `macs` (an SQL array), locked in the order of their ids: two processes
 * updating the same devices take their rows in one order, never crosswise.
 */
const lockedInOrder = (table: string, macs: string) =>
  `locked as (select _id from ${table} where mac = any(${macs}) and deleted_at is null order by _id for update)`;

const MODULE_STATUS = moduleStatusFromCode('v.cl_status', 'm.status');

/** How long a module's controller is believed without asking the database again. */
const ASSIGNMENT_MS = 60_000;
/** modules whose controller is kept in memory at once (about 100 bytes each) */
const ASSIGNMENTS_MAX = 2_000_000;

/**
 * The database refused the data itself (SQLSTATE class 22, data exception, or 23, integrity violation): halving
 * the batch finds the rows. Anything else (a lost connection, say) would fail every half as well.
 */
function isDataError(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^2[23]/.test(e.code)) return true;
  }
  return false;
}

/** Writes stay below what one protocol message comfortably carries (PGlite refuses very large ones). */
function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
