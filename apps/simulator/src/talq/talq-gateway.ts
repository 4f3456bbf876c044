import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getTimes } from 'suncalc';
import type { City } from '../city/build-city.ts';
import { CITIES, isCityName } from '../city/inventory.ts';
import { GatewayLoggers, ReportSchedule } from './talq-gateway-loggers.ts';
import { GatewayPrograms } from './talq-gateway-programs.ts';
import { reportOf, valuesOf } from './talq-gateway-reports.ts';
import { TalqCmsClient, TALQ_VERSION } from './talq-cms-client.ts';

// An open TALQ 2.7.1 gateway (issue 31 §8) for a city of the simulator's inventories: it serves the part of the
// gateway API (talq-gw.json) a CMS drives lamps with, bootstraps with the CMS (TALQ §5.1), announces one lamp device
// per module of the city, runs the control programs and calendars the CMS assigns its lamps (talq-gateway-programs.ts;
// a lamp with none lights from sunset to sunrise by the gateway's own astronomical clock), follows override commands
// (feedback PATCH of `feedbackLightCommand`, then a log report of the new state), and reports its lamps' values as
// the CMS's logger configurations ask (talq-gateway-loggers.ts); until it has one, every lamp's
// `actualLightState`, `activePower` and `activeEnergy` every report period of its own.

export type TalqGatewayOptions = {
  /** the CMS's TALQ API, `http://HOST:PORT/talq/v2` */
  cms: string;
  login: string;
  secret: string;
  city: City;
  /** where the gateway's own API listens (port 0: any free one) */
  host?: string;
  port?: number;
  /** how often every lamp's values are reported until a logger configuration says (TALQ's lighting profile: 15 min) */
  reportMs?: number;
  /** the gateway's clock (tests move it) */
  clock?: () => Date;
  /** the local time zone its programs run by (default: its city's) */
  timeZone?: string;
};

type TalqDevice = {
  address: string;
  functions?: ({ type: string } & Partial<Record<'gatewayAddress' | 'cmsAddress', { value: string }>>)[];
};

export type TalqLamp = {
  address: string;
  mac: string;
  name: string;
  lon: number;
  lat: number;
  watts: number;
  /** the level it burns at now, 0..100 */
  level: number;
  /** Wh since it was announced */
  energyWh: number;
  /** hours lit since it was announced */
  burnHours: number;
  override?: { level: number; until: number; cmsRefId?: string };
};

export type TalqGatewayHandle = {
  /** its own API, the GatewayFunction's `gatewayUri` */
  url: string;
  lamps: TalqLamp[];
  counters: { overrides: number; reports: number; feedbacks: number; gatewayPatches: number };
  /** the control programs, calendars and assignments the CMS sent it */
  programs: GatewayPrograms;
  /** the logger configurations the CMS sent it */
  loggers: GatewayLoggers;
  /** the CMS's address this gateway answers to */
  cmsAddress(): string | undefined;
  /** sends every lamp's values now */
  report(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A lamp on its own astronomical clock: lit from sunset to sunrise, as SunCalc times them (the upper limb on the
 * horizon), all day in a polar night and never in a polar day. Lamps of one place and hour share their sun.
 */
export function litBySun(at: Date, lat: number, lon: number): boolean {
  const key = `${lat.toFixed(2)} ${lon.toFixed(2)} ${Math.floor(at.getTime() / 3_600_000)}`;
  let times = sunTimes.get(key);
  if (!times) {
    if (sunTimes.size > 10_000) sunTimes.clear();
    times = getTimes(at, lat, lon);
    sunTimes.set(key, times);
  }
  if (times.sunrise && times.sunset) return at < times.sunrise || at >= times.sunset;
  return times.alwaysDown === true;
}
const sunTimes = new Map<string, ReturnType<typeof getTimes>>();

const ANNOUNCE_BATCH = 1000;
export const LAMP_CLASS = {
  name: 'SimulatedLamp',
  functions: [
    { functionId: 'basic', type: 'BasicFunction' },
    { functionId: 'lamp', type: 'LampActuatorFunction' },
    { functionId: 'monitor', type: 'LampMonitorFunction' },
  ],
};

/** A lamp's TALQ address: a UUID of its module's MAC, so a gateway started again announces the same devices. */
export function addressOfMac(mac: string): string {
  const h = createHash('sha1').update(`talq-sim:${mac}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function startTalqGateway(o: TalqGatewayOptions): Promise<TalqGatewayHandle> {
  const clock = o.clock ?? (() => new Date());
  const cms = new TalqCmsClient(o.cms, o.login, o.secret);
  const supports = new Map(o.city.supports.map((s) => [s.uid, s]));
  const lamps: TalqLamp[] = o.city.cabinets.flatMap((c) =>
    c.modules.map((m) => {
      const at = supports.get(m.support) ?? c;
      return {
        address: addressOfMac(m.mac),
        mac: m.mac,
        name: `${m.luminaire}`.slice(0, 100),
        lon: at.lon,
        lat: at.lat,
        watts: m.watts,
        level: 0,
        energyWh: 0,
        burnHours: 0,
      };
    }),
  );
  const byAddress = new Map(lamps.map((l) => [l.address, l]));
  const timeZone = o.timeZone ?? (isCityName(o.city.name) ? CITIES[o.city.name].timeZone : 'UTC');
  const programs = new GatewayPrograms(timeZone, (address) => byAddress.has(address));
  const counters = { overrides: 0, reports: 0, feedbacks: 0, gatewayPatches: 0 };
  /** the CMS's address, from the announcement's answer or the CMS's PATCH of the GatewayFunction */
  let cmsAddress: string | undefined;
  let lastStep = clock().getTime();

  /** each lamp's level now: an override until it expires, else its calendar's, else lit from sunset to sunrise */
  const step = () => {
    const now = clock().getTime();
    const hours = Math.max(0, now - lastStep) / 3_600_000;
    lastStep = now;
    for (const l of lamps) {
      l.energyWh += (l.watts * l.level * hours) / 100;
      if (l.level > 0) l.burnHours += hours;
      if (l.override && l.override.until <= now) l.override = undefined;
      l.level =
        l.override?.level ??
        programs.levelOf(l.address, new Date(now)) ??
        (litBySun(new Date(now), l.lat, l.lon) ? 100 : 0);
    }
  };

  const loggers = new GatewayLoggers();
  const ownPeriodMs = o.reportMs ?? 15 * 60_000;
  const report = async (of = lamps, sampling = loggers.samplings(ownPeriodMs)[0]) => {
    step();
    for (let i = 0; i < of.length; i += ANNOUNCE_BATCH) {
      await cms.must('POST', '/log-reports', reportOf(of.slice(i, i + ANNOUNCE_BATCH), clock(), sampling));
      counters.reports += 1;
    }
  };
  const schedule = new ReportSchedule(loggers, ownPeriodMs, (sampling) => {
    void report(lamps, sampling).catch((err: unknown) => console.error(String(err)));
  });

  /** the CMS's override: each lamp named takes its level (or goes back to its program), then says so */
  const override = async (body: {
    addresses?: { resource: string; address: string }[];
    targetCommand?: { state?: { value?: unknown }; expiration?: string; cmsRefId?: string };
  }) => {
    const named = (body.addresses ?? [])
      .filter((a) => a.resource === 'devices')
      .map((a) => byAddress.get(a.address.split('/')[0]!.toLowerCase()))
      .filter((l): l is TalqLamp => l !== undefined);
    const command = body.targetCommand;
    const level = Number(command?.state?.value);
    const until = command?.expiration ? Date.parse(command.expiration) : Infinity;
    for (const l of named)
      l.override =
        command && Number.isFinite(level) ? { level, until, cmsRefId: command.cmsRefId } : undefined;
    step();
    counters.overrides += 1;
    const fed = named.map((l) => ({
      address: l.address,
      name: l.name,
      class: LAMP_CLASS.name,
      functions: [
        {
          id: 'lamp',
          type: 'LampActuatorFunction',
          ...(command && { feedbackLightCommand: { type: 'AttributeCommand', value: command } }),
          actualLightState: { type: 'AttributeLevelState', value: { name: 'LevelState', value: l.level } },
        },
      ],
    }));
    for (let i = 0; i < fed.length; i += ANNOUNCE_BATCH) {
      await cms.must('PATCH', '/devices', fed.slice(i, i + ANNOUNCE_BATCH));
      counters.feedbacks += 1;
    }
    await report(named);
  };

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://gateway').pathname.replace(/^\/talq-gw/, '');
      const answer = (status: number, out?: unknown) => {
        const data = out === undefined ? '' : JSON.stringify(out);
        res.writeHead(status, {
          'talq-api-version': TALQ_VERSION,
          'cache-control': 'no-transform',
          'content-length': Buffer.byteLength(data),
          ...(data && { 'content-type': 'application/json' }),
        });
        res.end(data);
      };
      if (!req.headers['talq-api-version']) return answer(400, [{ key: 'missingTalqApiVersion' }]);
      let body: unknown;
      try {
        const text = Buffer.concat(parts).toString('utf8');
        body = text ? JSON.parse(text) : undefined;
      } catch {
        return answer(400, [{ key: 'invalidJson' }]);
      }
      const clientAddress = new URL(req.url ?? '/', 'http://gateway').searchParams.get('clientAddress');
      if (!clientAddress) return answer(400, [{ key: 'missingClientAddress' }]);
      // TALQ §5.1: the CMS PATCHes the GatewayFunction its answer gave; it may come before that answer was read
      const own = (body as TalqDevice | undefined)?.functions?.find((f) => f.type === 'GatewayFunction');
      if (req.method === 'PATCH' && path === `/devices/${own?.gatewayAddress?.value}`) {
        if (clientAddress !== own?.cmsAddress?.value) return answer(403, [{ key: 'unknownClientAddress' }]);
        cmsAddress = own.cmsAddress.value;
        counters.gatewayPatches += 1;
        return answer(200);
      }
      // only the CMS this gateway bootstrapped with drives it
      if (clientAddress !== cmsAddress) return answer(403, [{ key: 'unknownClientAddress' }]);
      if (req.method === 'POST' && path === '/override-commands') {
        answer(202);
        // the feedback after the answer, as a gateway that passes the command on to its lamps does
        setImmediate(
          () =>
            void override(body as Parameters<typeof override>[0]).catch((err: unknown) =>
              console.error(String(err)),
            ),
        );
        return;
      }
      const logged = loggers.handle(req.method ?? 'GET', path, body);
      if (logged) {
        if (logged.status < 300 && req.method !== 'GET') schedule.restart();
        return answer(logged.status, logged.body);
      }
      const programmed = programs.handle(req.method ?? 'GET', path, body);
      if (programmed) {
        // a lamp given a calendar follows it from now on
        if (programmed.status < 300) step();
        return answer(programmed.status, programmed.body);
      }
      // a read of one attribute: what a report would say of it now
      const read = /^\/devices\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path);
      const lamp = read && byAddress.get(read[1]!.toLowerCase());
      const value = lamp && valuesOf(lamp, read[2]!)[read[3]!];
      if (req.method === 'GET' && value) return answer(200, { ...value, timestamp: clock().toISOString() });
      answer(404, [{ key: lamp ? 'unknownAttribute' : 'notImplemented' }]);
    });
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, o.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const url = `http://${o.host ?? '127.0.0.1'}:${address.port}/talq-gw`;

  // TALQ §5.1: the announcement, the services, the device classes and the empty class list that ends it
  const [own] = (await cms.must('POST', '/devices', [
    {
      address: cms.clientAddress,
      name: `${o.city.name} gateway`,
      class: 'Gateway',
      functions: [
        {
          id: 'gw',
          type: 'GatewayFunction',
          gatewayUri: { type: 'AttributeUri', value: url },
          cmsUri: { type: 'AttributeUri', value: o.cms },
          gatewayAddress: { type: 'AttributeString', value: cms.clientAddress },
          cmsAddress: { type: 'AttributeString', value: cms.clientAddress },
        },
      ],
    },
  ])) as TalqDevice[];
  cms.clientAddress = own!.address;
  cmsAddress ??= own!.functions?.find((f) => f.type === 'GatewayFunction')?.cmsAddress?.value;
  await cms.must('POST', '/services', [
    { name: 'ControlService' },
    {
      name: 'DataCollectService',
      supportedModes: [
        'VendorRecordingMode',
        'EventRecordingMode',
        'PeriodicRecordingMode',
        'ImmediateReportingMode',
      ],
      samplingPeriodSupported: true,
    },
  ]);
  await cms.must('POST', '/device-classes', [LAMP_CLASS]);
  await cms.must('POST', '/device-classes', []);
  for (let i = 0; i < lamps.length; i += ANNOUNCE_BATCH)
    await cms.must(
      'POST',
      '/devices',
      lamps.slice(i, i + ANNOUNCE_BATCH).map((l) => ({
        address: l.address,
        name: l.name,
        class: LAMP_CLASS.name,
        functions: [
          {
            id: 'basic',
            type: 'BasicFunction',
            location: { type: 'AttributeLocation', value: { latitude: l.lat, longitude: l.lon } },
          },
          { id: 'lamp', type: 'LampActuatorFunction' },
          { id: 'monitor', type: 'LampMonitorFunction' },
        ],
      })),
    );
  await report();
  schedule.restart();

  return {
    url,
    lamps,
    counters,
    programs,
    loggers,
    report: () => report(),
    cmsAddress: () => cmsAddress,
    stop: async () => {
      schedule.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
