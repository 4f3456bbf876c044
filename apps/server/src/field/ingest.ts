import type { MqttClient } from 'mqtt';
import {
  decodeMeterReading,
  decodeModuleReadings,
  decodeState,
  everyController,
  MAX_MESSAGE_BYTES,
  type MeterReading,
  type ModuleReading,
  parseTopic,
  topic,
} from '@sl/protocol';
import type { Db } from '../db/connect.ts';
import type { LiveHub } from '../live/live-hub.ts';
import { SYSTEM_CLOCK, type Clock } from '../lighting/program-service.ts';
import { welcomeBack, writeHeard, writeStates, type HeardState, type Presence } from './controller-writes.ts';
import { DeviceOwners, type ControllerMeterReading, type ModuleBatch } from './device-owners.ts';
import { FieldWrites } from './field-writes.ts';
import { ingestCounters, type IngestLog } from './ingest-counters.ts';
import { MeterRises } from './meter-rises.ts';
import { writeMeters } from './meter-writes.ts';
import { writeModuleHistory, writeModuleHours, writeModules } from './module-writes.ts';

/**
 * Field readings into each device's current state. Messages are decoded as they come and written in batches:
 * the newest reading per device since the last flush, one statement per kind. A payload that cannot be read is
 * counted and logged with its topic, never dropped silently.
 */
export class Ingest implements Presence {
  readonly counters = ingestCounters();
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
  /** every module batch since the last flush with the controller it came from (the topic's, never the payload's) */
  private batches: ModuleBatch[] = [];
  /** every meter reading since the last flush with the controller it came from (the topic's) */
  private meters: ControllerMeterReading[] = [];
  private states = new Map<string, HeardState>();
  private readonly meterRises = new MeterRises();
  private readonly writes: FieldWrites;
  private readonly owners: DeviceOwners;
  private readonly timer: NodeJS.Timeout;
  private flushing = Promise.resolve();

  constructor(
    client: MqttClient,
    db: Db,
    private readonly log: IngestLog,
    hub?: LiveHub,
    /** told of every table a flush wrote to, once the write is done (the list pages of it are dropped) */
    changed: (table: string) => void = () => {},
    flushMs = 500,
    /**
     * Readings and meter readings through this shared subscription group (shareGroupOf), so that each is stored by
     * one of the server processes on the database (on an external broker; the embedded one serves one process).
     * States stay ordinary subscriptions: the broker keeps them retained for every process, and writing one twice
     * is harmless.
     */
    shareGroup?: string,
  ) {
    this.writes = new FieldWrites(db, this.counters, log, hub, changed);
    this.owners = new DeviceOwners(this.writes.raw, this.counters, log);
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    const once = (topic: string) => (shareGroup ? `$share/${shareGroup}/${topic}` : topic);
    client.subscribe(
      [everyController('state'), once(everyController('modules')), once(everyController('meter'))],
      { qos: 1 },
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
      const decoded = decodeModuleReadings(payload);
      if (!decoded.ok) return this.malformed(topic, decoded.reason);
      const { modules, refused } = decoded.value;
      if (modules.length) this.batches.push({ controller: where.mac, modules });
      this.counters.readings += modules.length;
      if (refused.length) this.malformed(topic, refused.join('; '), refused.length);
    } else if (where?.kind === 'meter') {
      this.counters.messages += 1;
      const decoded = decodeMeterReading(payload);
      if (!decoded.ok) return this.malformed(topic, decoded.reason);
      this.meters.push({ controller: where.mac, reading: decoded.value });
      this.counters.readings += 1;
    }
  }

  /**
   * Module and meter readings a protocol adapter other than MQTT received (TALQ log reports), from the controller
   * with this MAC: stored as the field's own, with the same owner checks, history, rollups and current state.
   * Resolves once they are stored; rejects when that flush failed, so that the adapter can tell its sender.
   */
  async take(controller: string, modules: ModuleReading[], meters: MeterReading[] = []): Promise<void> {
    if (!modules.length && !meters.length) return;
    if (modules.length) this.batches.push({ controller, modules });
    for (const reading of meters) this.meters.push({ controller, reading });
    this.counters.readings += modules.length + meters.length;
    await this.flush();
    if (this.failing) throw new Error(`readings not stored: ${this.failing.reason}`);
  }

  private malformed(topic: string, reason: string, count = 1) {
    this.counters.malformed += count;
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

  private async write() {
    const batches = this.batches;
    const states = [...this.states.entries()];
    const meters = this.meters;
    this.batches = [];
    this.states = new Map();
    this.meters = [];
    const w = this.writes;
    const { history, modules } = await this.owners.modules(batches);
    const owned = await this.owners.meters(meters);
    const believedMeters = this.meterRises.sift(owned.readings, owned.stored, ({ controller }, reason) =>
      this.malformed(topic(controller, 'meter'), reason),
    );
    // a device is heard when its message arrives, by the server's clock: its own clock may be wrong by months,
    // and its silence is measured against the server's (arrival is within a flush interval of now)
    const heardAt = this.clock.now().toISOString();
    await welcomeBack(w, states);
    // the history and the current state are independent: on a server they go on connections of their own
    await Promise.all([
      writeModuleHistory(w, history).then(() => writeMeters(w, believedMeters, this.rollups)),
      writeModules(w, modules, heardAt),
      this.rollups && writeModuleHours(w, history),
    ]);
    await writeHeard(
      w,
      this,
      batches.map((b) => b.controller),
      heardAt,
    );
    await writeStates(w, this, states, heardAt);
    this.counters.flushes += 1;
  }

  /** Forgets which controller each module belongs to (a module or controller was changed in this process). */
  forgetAssignments() {
    this.owners.forget();
  }

  /** Devices whose status, level or power changed, per group, to the live streams. */
  announce(type: 'modules' | 'controllers' | 'meters', result: unknown) {
    this.writes.announce(type, result);
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
    await this.writes.announced();
  }
}
