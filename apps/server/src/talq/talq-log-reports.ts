import { lampFaultCode, OFFLINE_CODE } from '@sl/domain';
import {
  fieldInstant,
  METER_NO_VALUE,
  meterPhase,
  moduleReading,
  type MeterReading,
  type ModuleReading,
} from '@sl/protocol';
import type { Raw } from '../field/offline-sweep.ts';
import { VALUE_COLUMNS } from '../field/reading-columns.ts';
import type { Gateway } from './talq-gateways.ts';
import { TalqError } from './talq-transport.ts';

// TALQ §"Data collection", the gateway → CMS direction: a log report's attribute values and events become module
// readings of the console, stored by the same ingest as the MQTT field's (history, rollups, current state).
//
// The console's important events are conditions over the devices' current state (events/event-conditions.ts): the
// detector opens an event while its condition holds and solves it when it clears, so an event written directly
// would be solved by the next pass. A TALQ event's start and end therefore set the module's status code, and the
// console's own event follows it:
// - lampFailure → 4096/4097, a lamp fault its module detects (spec §4), which opens LAMP_BROKEN;
// - communicationFailure → 3, offline, which opens MODULE_NOT_RESPONDING: the node does not answer its gateway;
// - supplyLoss → 3 as well: a node without supply is silent to an MQTT controller too, and the console has no
//   event of a single lamp's supply (BREAKER_TRIPPED is a cabinet's phase, read from its controller's I/O);
// - lampUnexpectedOn → 1, lit: DAY_BURNING opens where the lamp's program asks it to be dark, which is the console's
//   own test of a lamp burning by day (it has no event for the gateway's judgement alone).
// While several hold, the node's silence wins over its lamp's fault, and the fault over the lamp being lit.
// The open ones are kept with the module's raw report (`talq.events`), so a later report knows them.

/** The TALQ events the console follows, in the order their status codes win. */
export const FOLLOWED_EVENTS = [
  'communicationFailure',
  'supplyLoss',
  'lampFailure',
  'lampUnexpectedOn',
] as const;
type Followed = (typeof FOLLOWED_EVENTS)[number];
const followed = (name: unknown): name is Followed => FOLLOWED_EVENTS.includes(name as Followed);

type Attribute = { type?: string; value?: unknown; timestamp?: string };
export type LogData = {
  type: 'AttributeLogData' | 'EventLogData' | 'StateChangeEventLogData';
  srcAddress: string;
  timestamp?: string;
  attributeName?: string;
  attributeValue?: Attribute;
  eventType?: string;
  startEndFlag?: boolean;
  state?: { name?: string; value?: unknown };
};
export type LogReport = { address?: string; entries?: { cmsRefId?: string; data?: LogData }[] };

/** The module columns a TALQ attribute fills, and how its value becomes the column's unit. */
export const ATTRIBUTES: Record<string, { column: 'pow' | 'energy' | 'runh' | 'temp'; scale: number }> = {
  activePower: { column: 'pow', scale: 1 },
  // TALQ counts kWh, the console's modules Wh
  activeEnergy: { column: 'energy', scale: 1000 },
  operatingHours: { column: 'runh', scale: 1 },
  temperature: { column: 'temp', scale: 1 },
};
/** TALQ attributes the console has no column for, kept with the module's raw report */
export const KEPT = ['supplyVoltage', 'supplyCurrent', 'powerFactor'];

const STATE_COLUMNS = VALUE_COLUMNS;
type State = Record<(typeof STATE_COLUMNS)[number], number | null>;
type Talq = { events: Followed[]; values: Record<string, number> };

/** One change a log entry makes to a device, at its time. */
type Change =
  | { kind: 'column'; column: keyof State; value: number }
  | { kind: 'kept'; name: string; value: number }
  | { kind: 'event'; event: Followed; started: boolean };

/** A module reading as the ingest takes it, with what TALQ told beside (in the module's raw report). */
export type TalqReading = ModuleReading & { talq: Talq };
/** A report's readings, and whether it started or ended an event the console follows. */
export type Prepared = { readings: TalqReading[]; meters: MeterReading[]; changedEvents: boolean };

// An ElectricalMeterFunction device is a meter of the console (talq-devices.ts): its per-phase attributes fill its
// phases, in the console's raw units (0.01 V, mA, 0.01 W, Wh); its totals fill phase 1 of a meter that reports no
// phase of its own (a single-phase meter, or one that counts only totals).
type PhaseKey = 'voltage' | 'current' | 'power' | 'energy';
type PhaseValues = Partial<Record<PhaseKey, number>>;
export const METER_UNITS: Record<PhaseKey, { attribute: string; scale: number }> = {
  voltage: { attribute: 'Voltage', scale: 100 },
  current: { attribute: 'Current', scale: 1000 },
  power: { attribute: 'ActivePower', scale: 100 },
  energy: { attribute: 'ActiveEnergy', scale: 1000 },
};
export const METER_TOTALS: Record<string, PhaseKey> = {
  supplyVoltage: 'voltage',
  totalCurrent: 'current',
  totalPower: 'power',
  totalActiveEnergy: 'energy',
};
type MeterChange = { phase: 0 | 1 | 2 | 3; key: PhaseKey; value: number };

/** What a meter's log entry changes (phase 0: its totals); none for what the console does not keep. */
function meterChangeOf(d: LogData): MeterChange | undefined {
  const value = d.attributeValue?.value;
  if (d.type !== 'AttributeLogData' || typeof value !== 'number') return undefined;
  const name = d.attributeName ?? '';
  const total = METER_TOTALS[name];
  if (total) return { phase: 0, key: total, value: Math.round(value * METER_UNITS[total].scale) };
  const m = /^phase([123])(Voltage|Current|ActivePower|ActiveEnergy)$/.exec(name);
  if (!m) return undefined;
  const key = (Object.keys(METER_UNITS) as PhaseKey[]).find((k) => METER_UNITS[k].attribute === m[2])!;
  return { phase: Number(m[1]) as 1 | 2 | 3, key, value: Math.round(value * METER_UNITS[key].scale) };
}

/** The device address of a srcAddress (`{deviceAddress}` or `{deviceAddress}/{functionId}`). */
const deviceOf = (src: string) => src.split('/')[0]!.toLowerCase();

const levelOf = (v: unknown) => {
  const level = (v as { value?: unknown } | undefined)?.value;
  return typeof level === 'number' ? level : undefined;
};

/** What a log entry changes of its device; none for what the console does not follow. */
function changeOf(d: LogData): Change | undefined {
  if (d.type === 'EventLogData')
    return followed(d.eventType) && typeof d.startEndFlag === 'boolean'
      ? { kind: 'event', event: d.eventType, started: d.startEndFlag }
      : undefined;
  if (d.type === 'StateChangeEventLogData') {
    const level = d.state?.name === 'LevelState' ? levelOf(d.state) : undefined;
    return level === undefined ? undefined : { kind: 'column', column: 'pwm', value: level };
  }
  const name = d.attributeName ?? '';
  const value = d.attributeValue?.value;
  if (followed(name) && typeof value === 'boolean') return { kind: 'event', event: name, started: value };
  if (name === 'actualLightState') {
    const level = levelOf(value);
    return level === undefined ? undefined : { kind: 'column', column: 'pwm', value: level };
  }
  if (typeof value !== 'number') return undefined;
  const mapped = ATTRIBUTES[name];
  if (mapped) return { kind: 'column', column: mapped.column, value: value * mapped.scale };
  if (KEPT.includes(name)) return { kind: 'kept', name, value };
  return undefined;
}

/** The status code of a module from its lamp's level and the TALQ events open on it. */
function codeOf(state: State, events: Set<Followed>): number {
  const lit = state.pwm !== null ? state.pwm > 0 : (state.pow ?? 0) > 0;
  if (events.has('communicationFailure') || events.has('supplyLoss')) return OFFLINE_CODE;
  if (events.has('lampFailure')) return lampFaultCode(lit);
  if (events.has('lampUnexpectedOn')) return 1;
  return lit ? 1 : 0;
}

/** A TALQ device of a gateway as its module (or meter: its latest phases) stands now. */
type Known = {
  address: string;
  gatewayId: number;
  mac: string | null;
  state: State;
  talq: Talq;
  meter: Map<number, PhaseValues> | null;
};

/**
 * A gateway's log reports into the console's field data. `prepare` reads and checks a report whole, storing
 * nothing: any entry for a device of another gateway (or none), at a time the field may not give, or with a value
 * the console cannot hold refuses it all. `store` hands the readings to the field's ingest.
 */
export class TalqLogReports {
  constructor(
    private readonly raw: Raw,
    private readonly field: {
      take(controller: string, modules: ModuleReading[], meters: MeterReading[]): Promise<void>;
    },
    /** told when a report started or ended an event the console follows (an event pass may open or solve one) */
    private readonly onEvents: () => void = () => {},
    private readonly now: () => Date = () => new Date(),
  ) {}

  async prepare(g: Gateway, report: LogReport): Promise<Prepared> {
    const data = (report.entries ?? []).flatMap((e) => (e.data ? [e.data] : []));
    const addresses = [...new Set(data.map((d) => deviceOf(d.srcAddress)))];
    const known = await this.known(addresses);
    const byDevice = new Map<string, { at: string; change: Change }[]>();
    const byMeter = new Map<string, { at: string; change: MeterChange }[]>();
    for (const d of data) {
      const address = deviceOf(d.srcAddress);
      const device = known.get(address);
      if (!device || device.gatewayId !== g.id) throw new TalqError(422, 'unknownDevice', [address]);
      const at = d.timestamp ?? d.attributeValue?.timestamp ?? this.now().toISOString();
      if (!fieldInstant.safeParse(at).success) throw new TalqError(422, 'timestampOutOfRange', [at]);
      if (device.meter) {
        const change = meterChangeOf(d);
        if (!change) continue;
        if (!meterPhase.shape[change.key].safeParse(change.value).success)
          throw new TalqError(422, 'valueOutOfRange', [`${address} ${change.key}`]);
        const list = byMeter.get(address) ?? [];
        byMeter.set(address, list);
        list.push({ at: new Date(at).toISOString(), change });
        continue;
      }
      const change = changeOf(d);
      // the gateway's own entries and those of devices that are neither lamp module nor meter are taken, not kept
      if (!change || device.mac === null) continue;
      if (change.kind === 'column' && !moduleReading.shape[change.column].safeParse(change.value).success)
        throw new TalqError(422, 'valueOutOfRange', [`${address} ${change.column}`]);
      const list = byDevice.get(address) ?? [];
      byDevice.set(address, list);
      list.push({ at: new Date(at).toISOString(), change });
    }
    const prepared: Prepared = {
      readings: [],
      meters: [...byMeter].flatMap(([address, changes]) => meterReadingsOf(known.get(address)!, changes)),
      changedEvents: false,
    };
    for (const [address, changes] of byDevice) {
      const { readings, changedEvents } = readingsOf(known.get(address)!, changes);
      prepared.readings.push(...readings);
      prepared.changedEvents ||= changedEvents;
    }
    return prepared;
  }

  async store(g: Gateway, { readings, meters, changedEvents }: Prepared) {
    await this.field.take(g.login, readings, meters);
    if (changedEvents) this.onEvents();
  }

  private async known(addresses: string[]): Promise<Map<string, Known>> {
    if (!addresses.length) return new Map();
    const { rows } = await this.raw.query(
      `select t.address, t.gateway_id, m.mac, m.raw, ${STATE_COLUMNS.map((c) => `m.${c}`).join(', ')},
        k.serial as meter, k.energy_data as phases
      from talq_devices t left join luminary_modules m on m._id = t.module_id and m.deleted_at is null
        left join meters k on k.serial = t.address and k.deleted_at is null
      where t.address = any($1::text[])`,
      [addresses],
    );
    const num = (v: unknown) => (v == null ? null : Number(v));
    return new Map(
      rows.map((r) => {
        const talq = (r.raw as { talq?: Partial<Talq> } | null)?.talq;
        return [
          r.address as string,
          {
            address: r.address as string,
            gatewayId: Number(r.gateway_id),
            mac: (r.mac as string | null) ?? null,
            state: Object.fromEntries(STATE_COLUMNS.map((c) => [c, num(r[c])])) as State,
            talq: { events: (talq?.events ?? []).filter(followed), values: { ...talq?.values } },
            meter: r.meter == null ? null : phasesOf(r.phases),
          },
        ];
      }),
    );
  }
}

/**
 * A device's readings from its changes: applied in time order over the module's state, one reading at each time,
 * carrying every value the module last had (a TALQ report tells a few attributes; a module reading tells all).
 */
function readingsOf(device: Known, changes: { at: string; change: Change }[]): Omit<Prepared, 'meters'> {
  const state = { ...device.state };
  const events = new Set(device.talq.events);
  const values = { ...device.talq.values };
  let changedEvents = false;
  const out: TalqReading[] = [];
  const sorted = changes.map((c, i) => ({ ...c, i })).sort((a, b) => a.at.localeCompare(b.at) || a.i - b.i);
  for (let i = 0; i < sorted.length; i++) {
    const { at, change } = sorted[i]!;
    if (change.kind === 'column') state[change.column] = change.value;
    else if (change.kind === 'kept') values[change.name] = change.value;
    else if (change.started !== events.has(change.event)) {
      changedEvents = true;
      if (change.started) events.add(change.event);
      else events.delete(change.event);
    }
    if (sorted[i + 1]?.at === at) continue;
    out.push({
      ...(state as unknown as ModuleReading),
      mac: device.mac!,
      at,
      cl_status: codeOf(state, events) as ModuleReading['cl_status'],
      talq: { events: [...events], values: { ...values } },
    });
  }
  return { readings: out, changedEvents };
}

/** A meter's stored latest phases (`energy_data`). */
function phasesOf(stored: unknown): Map<number, PhaseValues> {
  const out = new Map<number, PhaseValues>();
  for (const p of Array.isArray(stored) ? (stored as ({ phase: number } & PhaseValues)[]) : [])
    out.set(Number(p.phase), { voltage: p.voltage, current: p.current, power: p.power, energy: p.energy });
  return out;
}

/**
 * A meter's readings from its changes, one at each time, over its latest phases; a value it never gave is
 * METER_NO_VALUE (shown as 0, spec §5).
 */
function meterReadingsOf(device: Known, changes: { at: string; change: MeterChange }[]): MeterReading[] {
  const phases = new Map([...device.meter!].map(([n, v]) => [n, { ...v }]));
  const totals: PhaseValues = {};
  const out: MeterReading[] = [];
  const sorted = changes.map((c, i) => ({ ...c, i })).sort((a, b) => a.at.localeCompare(b.at) || a.i - b.i);
  for (let i = 0; i < sorted.length; i++) {
    const { at, change } = sorted[i]!;
    if (change.phase === 0) totals[change.key] = change.value;
    else phases.set(change.phase, { ...phases.get(change.phase), [change.key]: change.value });
    if (sorted[i + 1]?.at === at) continue;
    const own = [...phases].filter(([n]) => n !== 1 || phases.size > 1 || !Object.keys(totals).length);
    const given: [number, PhaseValues][] = own.length ? own : [[1, { ...phases.get(1), ...totals }]];
    out.push({
      serial: device.address,
      at,
      phases: given
        .sort(([a], [b]) => a - b)
        .map(([n, v]) => ({
          phase: n as 1 | 2 | 3,
          voltage: v.voltage ?? METER_NO_VALUE,
          current: v.current ?? METER_NO_VALUE,
          power: v.power ?? METER_NO_VALUE,
          energy: v.energy ?? METER_NO_VALUE,
        })),
    });
  }
  return out;
}
