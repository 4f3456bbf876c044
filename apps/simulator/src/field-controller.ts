import mqtt, { type MqttClient } from 'mqtt';
import {
  commandMessage,
  decode,
  encodeMeterReading,
  encodeModuleBatch,
  encodeState,
  MODULE_BATCH_MAX,
  parseCommand,
  topic,
  topicMac,
  type ReplyMessage,
  type TopicKind,
} from '@sl/protocol';
import type { Counters } from './counters.ts';
import { answer } from './device/answer.ts';
import type { CabinetDevice } from './device/cabinet-device.ts';
import { faultDuration, stepFaults, type FaultPlan } from './device/faults.ts';
import { happens, type Rng } from './rng.ts';

export type FieldContext = {
  broker: string;
  intervalMs: number;
  clock: () => Date;
  counters: Counters;
  faults: FaultPlan;
  /** each controller's broker secret by MAC (topic form); a controller without one connects without a password */
  secrets?: Readonly<Record<string, string>>;
};

const hold = (set: Set<string>, mac: string, on: boolean) => (on ? set.add(mac) : set.delete(mac));

/** What `p` gives within 5 s, else undefined (and its failure as undefined too). */
function atMost<T>(p: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = globalThis.setTimeout(resolve, 5000) as unknown as NodeJS.Timeout;
  });
  return Promise.race([p.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

/** retained state is refreshed this often even when nothing changed, for cputemp */
const STATE_EVERY = 6;
/** the wait before asking a broker again after a lost or refused connection, growing to the last */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;
const REMEMBERED_IDS = 1000;

/** One controller on the broker: publishes its cabinet's state, readings and meter, and answers commands. */
export class FieldController {
  private client?: MqttClient;
  private timer?: NodeJS.Timeout;
  private back?: NodeJS.Timeout;
  private ticks = 0;
  private lastIo = -1;
  private lastTick?: number;
  private readonly answered = new Set<string>();

  constructor(
    readonly device: CabinetDevice,
    private readonly r: Rng,
    private readonly ctx: FieldContext,
  ) {}

  get mac() {
    return this.device.mac;
  }

  get connected() {
    return this.client?.connected ?? false;
  }

  /** Connects, then reports every interval from `offsetMs` on, so a city's controllers do not speak at once. */
  start(offsetMs: number): Promise<void> {
    const connected = this.connect();
    this.device.advance(this.ctx.clock());
    this.timer = setTimeout(() => {
      this.tick();
      this.timer = setInterval(() => this.tick(), this.ctx.intervalMs);
    }, offsetMs);
    return connected;
  }

  /** Fault control: `mac`'s module stops reporting until let go (`on` false). */
  silence(mac: string, on = true): void {
    hold(this.device.held.silent, mac, on);
    this.device.lamps.get(mac)!.silent = on;
  }

  /** Fault control: `mac`'s lamp reports a lamp fault (cl_status 4096 or 4097) until let go. */
  breakLamp(mac: string, on = true): void {
    hold(this.device.held.broken, mac, on);
    this.device.lamps.get(mac)!.broken = on;
  }

  /** Fault control: the controller's radio to its modules is down until let go: none is heard, a dim answers 7. */
  loseRadio(on = true): void {
    this.device.radioUp = !on;
  }

  /** Fault control: the controller has lost its city (a reset) until let go: a dim, program or schedule answers 12. */
  forgetCity(on = true): void {
    this.device.cityLoaded = !on;
  }

  /**
   * Fault control: `mac`'s lamp stays lit (a day burner, `lit` true) or dark (out at night, false) whatever its
   * program says, until let go (undefined).
   */
  stickLamp(mac: string, lit: boolean | undefined): void {
    if (lit === undefined) this.device.held.stuck.delete(mac);
    else this.device.held.stuck.set(mac, lit);
    this.device.advance(this.ctx.clock());
  }

  /** Fault control: the cabinet's door stays open until let go; its state goes out at once. */
  openDoor(on = true): void {
    this.device.held.door = on ? 'open' : undefined;
    this.device.io.door = on ? 'open' : 'closed';
    if (this.connected) this.publishState(this.ctx.clock());
  }

  /** Drops the connection without a goodbye, so the broker publishes the last will; back after `ms`. */
  goOffline(ms: number): void {
    if (!this.device.online || !this.connected) return;
    this.device.online = false;
    this.ctx.counters.offline += 1;
    this.client?.end(true);
    this.client = undefined;
    this.back = setTimeout(() => this.comeBack(), ms);
  }

  /** Ends an outage begun by goOffline now, rather than when it was due to end. */
  comeBack(): void {
    if (this.device.online) return;
    clearTimeout(this.back);
    this.device.online = true;
    void this.connect().catch(() => (this.ctx.counters.errors += 1));
  }

  /** `clearRetained`: empties its retained state on the way out (for shared brokers), in place of a farewell. */
  async stop(farewell: boolean, clearRetained = false): Promise<void> {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    clearTimeout(this.back);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    // a broker that is itself closing may never acknowledge: the goodbye is tried, the stop never waits on it
    if (clearRetained && client.connected)
      await atMost(client.publishAsync(topic(this.mac, 'state'), '', { qos: 1, retain: true }));
    else if (farewell && client.connected)
      await atMost(client.publishAsync(...this.message('state', encodeState({ online: false }), true)));
    if (!(await atMost(client.endAsync().then(() => true)))) await client.endAsync(true);
  }

  private connect(): Promise<void> {
    // the broker knows a controller by its MAC: its user name and its client id (DESIGN.md §5)
    const mac = topicMac(this.mac);
    const secret = this.ctx.secrets?.[mac];
    const client = mqtt.connect(this.ctx.broker, {
      clientId: mac,
      username: mac,
      ...(secret !== undefined && { password: secret }),
      clean: true,
      reconnectPeriod: FIRST_RETRY_MS,
      will: {
        topic: topic(this.mac, 'state'),
        payload: Buffer.from(encodeState({ online: false })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('message', (_t, buf) => this.onCommand(buf));
    client.on('error', () => (this.ctx.counters.errors += 1));
    // a broker that is down or overloaded is asked again ever less often, each controller at its own moment
    client.on('close', () => {
      client.options.reconnectPeriod = Math.min(
        LAST_RETRY_MS,
        Math.round((client.options.reconnectPeriod ?? FIRST_RETRY_MS) * (1.6 + 0.8 * Math.random())),
      );
    });
    return new Promise((resolve) => {
      client.on('connect', () => {
        client.options.reconnectPeriod = FIRST_RETRY_MS;
        client.subscribe(topic(this.mac, 'cmd'), { qos: 1 }, () => {
          this.lastIo = -1;
          this.publishState(this.ctx.clock());
          resolve();
        });
      });
    });
  }

  private tick(): void {
    const now = this.ctx.clock();
    const ms = this.lastTick === undefined ? 0 : now.getTime() - this.lastTick;
    this.lastTick = now.getTime();
    this.device.advance(now);
    stepFaults(this.device, this.r, this.ctx.faults, ms);
    if (!this.device.online) return;
    if (happens(this.r, this.ctx.faults.rates.controllerOffline, ms))
      return this.goOffline(faultDuration(this.r, this.ctx.faults));
    this.ticks += 1;
    this.publishReadings(now);
    if (this.device.readingMeter) this.publish('meter', encodeMeterReading(this.device.meterReading(now)));
    this.publishState(now, this.ticks % STATE_EVERY === 0);
  }

  private publishReadings(now: Date, macs?: readonly string[]): void {
    const readings = this.device.readings(now, macs);
    for (let i = 0; i < readings.length; i += MODULE_BATCH_MAX) {
      const modules = readings.slice(i, i + MODULE_BATCH_MAX);
      if (this.publish('modules', encodeModuleBatch({ at: now.toISOString(), modules })))
        this.ctx.counters.readings += modules.length;
    }
  }

  private publishState(now: Date, always = true): void {
    if (!always && this.device.iostate === this.lastIo) return;
    this.lastIo = this.device.iostate;
    this.publish('state', encodeState(this.device.state(now)), true);
  }

  private onCommand(buf: Buffer): void {
    const { counters } = this.ctx;
    counters.commands += 1;
    try {
      const msg = decode(commandMessage, buf);
      if (!msg.ok) return void (counters.malformed += 1);
      if (this.answered.has(msg.value.id)) return void (counters.duplicates += 1);
      const parsed = parseCommand(msg.value);
      if (!parsed.ok) {
        counters.refused += 1;
        return this.reply({ id: msg.value.id, code: parsed.code, result: { reason: parsed.reason } });
      }
      const now = this.ctx.clock();
      this.device.advance(now);
      const out = answer(this.device, parsed.command);
      if (out.reply) this.reply(out.reply);
      else counters.unanswered += 1;
      if (out.touched?.length) this.publishReadings(now, out.touched);
      if (out.stateChanged) this.publishState(now);
    } catch {
      counters.errors += 1;
    }
  }

  private reply(reply: ReplyMessage): void {
    this.answered.add(reply.id);
    if (this.answered.size > REMEMBERED_IDS) this.answered.delete(this.answered.values().next().value!);
    this.ctx.counters.replies += 1;
    this.publish('reply', JSON.stringify(reply));
  }

  /** Only while connected: a device does not queue up readings through an outage. */
  private publish(kind: TopicKind, payload: string, retain = false): boolean {
    if (!this.client?.connected) return false;
    this.ctx.counters.published += 1;
    this.ctx.counters.bytes += payload.length;
    this.client.publish(...this.message(kind, payload, retain));
    return true;
  }

  private message(kind: TopicKind, payload: string, retain: boolean) {
    return [topic(this.mac, kind), payload, { qos: 1 as const, retain }] as const;
  }
}
