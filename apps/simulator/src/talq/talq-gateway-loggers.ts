import type { Answer } from './talq-gateway-programs.ts';

// The logger configurations a CMS gives the simulator's TALQ gateway (talq-gw.json `/logger-configs`), and the
// samplings they ask of it: a PeriodicRecordingMode logger samples its content at each of its sampling instants
// (its `samplingStartTime` plus whole `samplingPeriod`s), a VendorRecordingMode logger at the gateway's own period;
// each sample is reported at once. An EventRecordingMode logger is kept: the simulator's lamps raise no events.
// What it cannot run (active periods, scheduled reporting, groups as sources, a single sample) is refused (422)
// rather than run wrongly; a malformed configuration is 400.

type Reference = { resource: string; address: string };
type Content = { function: { functionType?: string; functionId?: string; attributes?: { name: string }[] } };
export type LoggerConfig = {
  address: string;
  ownerCMS: string;
  sourceAddresses?: { whiteList?: Reference[]; blackList?: Reference[] };
  recordingMode?: {
    type: string;
    content?: Content[];
    samplingProfiles?: { samplingStartTime: string; samplingPeriod?: string }[];
    activePeriods?: unknown[];
  };
  reportingMode?: { type: string };
};

/** What one logger samples, and when. */
export type Sampling = {
  logger: string;
  periodMs: number;
  startMs: number;
  /** the attribute names asked of a function, by its type or id; undefined: none of it */
  attributesOf(fn: { id: string; type: string }): string[] | undefined;
  /** whether the logger applies to a device (its address without a function) */
  covers(device: string): boolean;
};

/** a longer timer fires at once in Node: a longer wait is taken in steps */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isList = (v: unknown, each: (x: unknown) => boolean) =>
  v === undefined || (Array.isArray(v) && v.every(each));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const refused = (status: number, key: string): Answer => ({ status, body: [{ key }] });

/** An ISO 8601 duration of days, hours, minutes and seconds in ms; undefined when it is none. */
export function durationMs(text: string): number | undefined {
  const m = DURATION.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) return undefined;
  const [d, h, min, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number];
  return (((d * 24 + h) * 60 + min) * 60 + s) * 1000;
}

const isReference = (r: unknown) => isObject(r) && isText(r.resource) && isText(r.address);
const isContent = (c: unknown) =>
  isObject(c) &&
  isObject(c.function) &&
  (isText(c.function.functionType) || isText(c.function.functionId)) &&
  isList(c.function.attributes, (a) => isObject(a) && isText(a.name));

/** Why a configuration is refused, if it is. */
function problemOf(c: unknown): Answer | undefined {
  if (!isObject(c) || !isText(c.address) || !isText(c.ownerCMS)) return refused(400, 'invalidLoggerConfig');
  const sources = c.sourceAddresses;
  if (sources !== undefined && !(isObject(sources) && isList(sources.whiteList, isReference)))
    return refused(400, 'invalidSourceAddresses');
  if (isObject(sources) && !isList(sources.blackList, isReference))
    return refused(400, 'invalidSourceAddresses');
  const rec = c.recordingMode;
  if (
    !isObject(rec) ||
    !['PeriodicRecordingMode', 'VendorRecordingMode', 'EventRecordingMode'].includes(rec.type as string)
  )
    return refused(400, 'invalidRecordingMode');
  if (!isList(rec.content, isContent) || (rec.type === 'PeriodicRecordingMode' && !rec.content))
    return refused(400, 'invalidContent');
  if (rec.type === 'EventRecordingMode' && !isObject(rec.sourceEvents))
    return refused(400, 'invalidSourceEvents');
  if (rec.type === 'PeriodicRecordingMode') {
    const profiles = rec.samplingProfiles;
    if (!Array.isArray(profiles) || !profiles.length) return refused(400, 'invalidSamplingProfiles');
    for (const p of profiles as unknown[]) {
      if (!isObject(p) || !isText(p.samplingStartTime) || Number.isNaN(Date.parse(p.samplingStartTime)))
        return refused(400, 'invalidSamplingStartTime');
      if (p.samplingPeriod === undefined) return refused(422, 'singleSampleNotSupported');
      if (!isText(p.samplingPeriod) || !durationMs(p.samplingPeriod))
        return refused(400, 'invalidSamplingPeriod');
    }
  }
  if (Array.isArray(rec.activePeriods) && rec.activePeriods.length)
    return refused(422, 'activePeriodsNotSupported');
  const rep = c.reportingMode;
  if (!isObject(rep) || !['ImmediateReportingMode', 'ScheduledReportingMode'].includes(rep.type as string))
    return refused(400, 'invalidReportingMode');
  if (rep.type === 'ImmediateReportingMode' && !(Number.isInteger(rep.delay) && (rep.delay as number) >= 0))
    return refused(400, 'invalidDelay');
  if (rep.type === 'ScheduledReportingMode') return refused(422, 'scheduledReportingNotSupported');
  const groups = [
    ...((sources?.whiteList as Reference[]) ?? []),
    ...((sources?.blackList as Reference[]) ?? []),
  ];
  if (groups.some((r) => r.resource !== 'devices')) return refused(422, 'onlyDevicesAsSources');
  return undefined;
}

export class GatewayLoggers {
  readonly configs = new Map<string, LoggerConfig>();

  /** A CMS request to `/logger-configs`, answered; undefined when it is not one. */
  handle(method: string, path: string, body: unknown): Answer | undefined {
    const [, resource, address, more] = path.split('/');
    if (resource !== 'logger-configs' || more !== undefined) return undefined;
    const had = address === undefined ? undefined : this.configs.get(address);
    if (method === 'GET' || method === 'DELETE') {
      if (!address) return refused(405, 'methodNotAllowed');
      if (!had) return refused(404, 'notFound');
      if (method === 'DELETE') this.configs.delete(address);
      return { status: 200, body: had };
    }
    if (!(method === 'POST' && !address) && !(method === 'PUT' && address))
      return refused(405, 'methodNotAllowed');
    const problem = problemOf(body);
    if (problem) return problem;
    const config = body as LoggerConfig;
    if (address !== undefined && config.address !== address) return refused(400, 'addressMismatch');
    if (method === 'POST' && this.configs.has(config.address)) return refused(409, 'alreadyExists');
    if (method === 'PUT' && !had) return refused(404, 'notFound');
    this.configs.set(config.address, config);
    return { status: method === 'POST' ? 201 : 200 };
  }

  /** The samplings of its recording loggers; a vendor logger samples at `ownPeriodMs`. */
  samplings(ownPeriodMs: number): Sampling[] {
    return [...this.configs.values()].flatMap((c) => {
      const rec = c.recordingMode!;
      if (rec.type === 'EventRecordingMode') return [];
      const base = { logger: c.address, attributesOf: attributesOf(rec.content), covers: coverage(c) };
      if (rec.type === 'VendorRecordingMode') return [{ ...base, periodMs: ownPeriodMs, startMs: 0 }];
      return (rec.samplingProfiles ?? []).map((p) => ({
        ...base,
        periodMs: durationMs(p.samplingPeriod!)!,
        startMs: Date.parse(p.samplingStartTime),
      }));
    });
  }
}

/** The attributes asked of a function (VendorRecordingMode without content: everything the gateway has). */
function attributesOf(content: Content[] | undefined): Sampling['attributesOf'] {
  return (fn) => {
    if (!content) return ['*'];
    const asked = content.filter(
      (c) => c.function.functionId === fn.id || c.function.functionType === fn.type,
    );
    return asked.length
      ? asked.flatMap((c) => (c.function.attributes ?? [{ name: '*' }]).map((a) => a.name))
      : undefined;
  };
}

/** TALQ: the white list less the black list; only a black list, all devices less it; neither, no device. */
function coverage(c: LoggerConfig): Sampling['covers'] {
  const device = (r: Reference) => r.address.split('/')[0]!.toLowerCase();
  const white = c.sourceAddresses?.whiteList && new Set(c.sourceAddresses.whiteList.map(device));
  const black = c.sourceAddresses?.blackList && new Set(c.sourceAddresses.blackList.map(device));
  return (address) => (white ? white.has(address) : black !== undefined) && !black?.has(address);
}

/**
 * Runs `report` at every sampling instant of the gateway's loggers, and every `ownPeriodMs` while none samples;
 * `restart` after the loggers changed.
 */
export class ReportSchedule {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly loggers: GatewayLoggers,
    private readonly ownPeriodMs: number,
    private readonly report: (sampling?: Sampling) => void,
  ) {}

  restart() {
    this.stop();
    const samplings = this.loggers.samplings(this.ownPeriodMs);
    if (!samplings.length) {
      const t = setInterval(() => this.report(), this.ownPeriodMs);
      t.unref();
      this.timers.push(t);
    }
    for (const s of samplings) this.next(s);
  }

  stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  private next(s: Sampling, due?: number) {
    const now = Date.now();
    const at = due ?? s.startMs + Math.max(0, Math.floor((now - s.startMs) / s.periodMs) + 1) * s.periodMs;
    const t = setTimeout(
      () => {
        this.timers = this.timers.filter((x) => x !== t);
        if (Date.now() < at) return this.next(s, at);
        this.report(s);
        this.next(s);
      },
      Math.min(at - now, LONGEST_TIMER_MS),
    );
    t.unref();
    this.timers.push(t);
  }
}
