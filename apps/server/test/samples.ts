import { entity, READ_ONLY_AREAS, type Entity, type Field } from '@sl/domain';
import type { Client } from './harness.ts';

// Builds a valid record for any entity from its declaration alone, creating linked records first.
// Every writable field is filled, so the round trip exercises the whole declaration.

type Row = Record<string, unknown>;

const candidates = (name: string, seq: number) => [
  `${name}-${seq}`,
  `AA:BB:CC:${hex(seq >> 16)}:${hex(seq >> 8)}:${hex(seq)}`,
  String(356938035643809 + seq),
  `user${seq}@example.org`,
  `2026-${String((seq % 12) + 1).padStart(2, '0')}`,
];
const hex = (n: number) => (n & 255).toString(16).padStart(2, '0').toUpperCase();

// JSON fields that must hold a shape of their own; the others are left out
const JSON_SAMPLES: Record<string, unknown> = {
  // a district around the sample point
  boundary: {
    type: 'Polygon',
    coordinates: [
      [
        [-71.12, 42.36],
        [-71.1, 42.36],
        [-71.1, 42.38],
        [-71.12, 42.38],
        [-71.12, 42.36],
      ],
    ],
  },
};

// one counter for every builder of a server, so unique fields never collide between builders; one per server, so
// a file's samples are the same whichever files ran before it in the worker (the suite does not isolate files)
const counters = new WeakMap<object, { seq: number }>();

// values an entity's rules ask for in a new record (an order with a crew is assigned), by `Entity.field`
// (a part replaced: a driver, which moves no device on)
const RULED: Record<string, unknown> = { 'WorkOrders.status': 'ASSIGNED', 'PartReplacements.kind': 'DRIVER' };
// fields a sample leaves out: an event is in one open order only, so orders sharing the one sample event would be
// refused (work-orders.test covers the field); a fault kind per event type, so two samples' types would collide; a
// lamp's part replaced names no module (part-replacements.test covers the rules)
const LEFT_OUT = new Set(['WorkOrders.events', 'FaultKinds.eventType', 'PartReplacements.module']);

/** what a mounting's socket holds */
const SOCKET_HELD = ['luminaryModule', 'luminary'];

export class Samples {
  private readonly made: Map<string, number>;
  private started?: number;
  /**
   * `fixed`: ids to use for some entities instead of making them (e.g. `{ Groups: 7 }` puts records in group 7).
   * `socketsOwnModules`: each socket made gets a module of its own, for a suite that makes several mountings (a
   * module stands in one socket only); otherwise bodies make nothing once every entity has its record.
   */
  constructor(
    private readonly server: Client,
    fixed: Record<string, number> = {},
    private readonly socketsOwnModules = false,
  ) {
    this.made = new Map(Object.entries(fixed));
    if (!counters.has(server)) counters.set(server, { seq: 0 });
  }

  /** A fresh valid body for `e` (linked records created as needed). */
  async body(e: Entity, building: string[] = []): Promise<Row> {
    const n = ++counters.get(this.server)!.seq;
    const out: Row = {};
    for (const [name, f] of Object.entries(e.fields)) {
      if (f.readOnly || LEFT_OUT.has(`${e.name}.${name}`)) continue;
      const ruled = RULED[`${e.name}.${name}`];
      const v = ruled ?? (await this.value(name, f, n, [...building, e.name]));
      if (v !== undefined) out[name] = v;
    }
    // a part is replaced on an order being worked on that names the lamp: one of the builder's own, started once
    if (e.name === 'PartReplacements') {
      this.started ??= await this.orderStarted([...building, e.name]);
      out.workOrder = this.started;
    }
    return out;
  }

  private async orderStarted(building: string[]): Promise<number> {
    const id = (await this.fresh('WorkOrders', building))!;
    const res = await this.server.call('PATCH', `/api/v1/WorkOrders/${id}`, { status: 'IN_PROGRESS' });
    if (res.status !== 200) throw new Error(`sample order started: ${JSON.stringify(res.body)}`);
    return id;
  }

  /** The id of a live record of `name`, made once. */
  async idOf(name: string, building: string[] = []): Promise<number | undefined> {
    if (this.made.has(name)) return this.made.get(name);
    const id = await this.fresh(name, building);
    if (id !== undefined) this.made.set(name, id);
    return id;
  }

  /**
   * A new record of `name`; none for one being built (a reference to itself) or for data the server computes from
   * the field, which no route makes.
   */
  private async fresh(name: string, building: string[]): Promise<number | undefined> {
    if (building.includes(name) || READ_ONLY_AREAS.includes(entity(name).area)) return undefined;
    const res = await this.server.call('POST', `/api/v1/${name}`, await this.body(entity(name), building));
    if (res.status !== 201) throw new Error(`sample ${name}: ${JSON.stringify(res.body)}`);
    return res.body._id as number;
  }

  private async value(name: string, f: Field, seq: number, building: string[]): Promise<unknown> {
    switch (f.kind) {
      case 'text': {
        const pattern = f.pattern;
        return candidates(name, seq).find((c) => !pattern || pattern.test(c));
      }
      case 'password':
        return `Secret-${seq}-pass`;
      case 'int': {
        const min = f.min ?? 0;
        return f.max === undefined ? min + seq : Math.min(f.max, min + (seq % (f.max - min + 1)));
      }
      case 'float':
        return (f.min ?? 0) + 1.25;
      case 'bool':
        return true;
      case 'enum':
        return f.values[seq % f.values.length];
      case 'intEnum':
        return f.values[seq % f.values.length];
      case 'timestamp':
        return new Date(Date.UTC(2026, 0, 1 + seq, 18, 30)).toISOString();
      case 'day':
        return new Date(Date.UTC(2026, 0, 1 + seq)).toISOString().slice(0, 10);
      case 'time':
        return '18:30';
      case 'ref':
        // a module or lamp stands in one socket only: a socket gets its own, or none
        if (SOCKET_HELD.includes(name) && building.at(-1) === 'LuminarySupports')
          return this.socketsOwnModules && name === 'luminaryModule'
            ? this.fresh(f.entity, building)
            : undefined;
        // naming a mounting puts a module or lamp in its socket, which then holds it: a sample stands free
        if (f.entity === 'LuminarySupports' && ['LuminaryModules', 'Luminaries'].includes(building.at(-1)!))
          return undefined;
        return this.idOf(f.entity, building);
      case 'refs': {
        const id = await this.idOf(f.entity, building);
        return id === undefined ? [] : [id];
      }
      case 'point':
        return { type: 'Point', coordinates: [-71.109412, 42.373611] };
      case 'object': {
        const out: Row = {};
        for (const [k, sub] of Object.entries(f.fields)) {
          if (sub.readOnly) continue;
          const v = await this.value(k, sub, seq, building);
          if (v !== undefined) out[k] = v;
        }
        return out;
      }
      case 'list': {
        const n = f.min ?? 1;
        const out = [];
        for (let i = 0; i < n; i++) out.push(await this.value(name, f.of, seq + i, building));
        return out.filter((v) => v !== undefined);
      }
      case 'json':
        return JSON_SAMPLES[name];
    }
  }
}
