import { createHash } from 'node:crypto';
import { TALQ_REPORT_PERIOD_MS } from '@sl/domain';
import type { Gateway } from './talq-gateways.ts';
import { addressOf } from './talq-program-entities.ts';
import { ATTRIBUTES, FOLLOWED_EVENTS, KEPT, METER_TOTALS, METER_UNITS } from './talq-log-reports.ts';

// The logger configurations (TALQ data model `LoggerConfig`) the console gives each gateway after its bootstrap
// (issue 31 §5): they ask for exactly what the log reports' ingest keeps (talq-log-reports.ts), so a gateway
// neither stays silent on what the console needs nor sends what it would drop. Two loggers cover every device of
// the gateway (`sourceAddresses` with only an empty black list: all its devices) by function type, whatever the
// number of lamps:
// - `events`: the events the console follows, recorded as they happen and reported at once;
// - `measurements`: the lamps' and meters' attributes, sampled and reported every report period of the console
//   (TALQ_REPORT_PERIOD_MS: the offline sweep takes a lamp silent for three of them as offline).
// Everything here follows from the gateway's own row, so any process answers the gateway's GET of one of them
// the same, and a resync sends the same configurations again.

export type LoggerContent = { function: { functionType: string; attributes: { name: string }[] } };
export type LoggerConfig = {
  address: string;
  ownerCMS: string;
  /** only an empty black list: every device of the gateway */
  sourceAddresses: { blackList: [] };
  recordingMode:
    | { type: 'EventRecordingMode'; sourceEvents: { whiteList: string[] } }
    | {
        type: 'PeriodicRecordingMode';
        content: LoggerContent[];
        samplingProfiles: { samplingStartTime: string; samplingPeriod: string }[];
      }
    | { type: 'VendorRecordingMode'; content: LoggerContent[] };
  reportingMode: { type: 'ImmediateReportingMode'; delay: number };
};

/** The attributes the ingest keeps, by the data model's function type that holds them. */
export const LOGGED_ATTRIBUTES: Record<string, string[]> = {
  LampActuatorFunction: ['actualLightState'],
  LampMonitorFunction: [...Object.keys(ATTRIBUTES), ...KEPT],
  ElectricalMeterFunction: [
    ...Object.keys(METER_TOTALS),
    ...[1, 2, 3].flatMap((n) => Object.values(METER_UNITS).map((u) => `phase${n}${u.attribute}`)),
  ],
};

/**
 * Seconds a gateway may gather one sampling of all its devices before reporting it: one report per period rather
 * than one per device, and still long before the next period.
 */
const GATHER_S = 30;
/** the instant the gateways' sampling periods count from (each gateway shifted within its period, see below) */
const SAMPLING_EPOCH = Date.UTC(2020, 0, 1);

const hashOf = (text: string) => createHash('sha1').update(text).digest('hex');

/** A logger's address: a UUID of the gateway's CMS address (its own, kept across resyncs) and the logger's kind. */
export const loggerAddressOf = (cmsAddress: string, kind: 'events' | 'measurements'): string =>
  addressOf(`talq-logger:${cmsAddress}:${kind}`);

/** A period as the ISO 8601 duration TALQ's `samplingPeriod` takes (`PT15M`). */
export function isoDuration(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  const [h, m, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${rest ? `${rest}S` : ''}`;
}

/** The DataCollectService the gateway announced, if it did. */
function dataCollectOf(services: unknown) {
  if (!Array.isArray(services)) return undefined;
  return (services as { name?: unknown; supportedModes?: unknown; samplingPeriodSupported?: unknown }[]).find(
    (s) => s?.name === 'DataCollectService',
  );
}

/**
 * Whether the gateway samples periodically: TALQ requires only vendor and event recording of a gateway, so one
 * whose DataCollectService names its modes without PeriodicRecordingMode, or denies a sampling period, gets
 * VendorRecordingMode (its own sampling) for the same attributes.
 */
function samplesPeriodically(services: unknown): boolean {
  const dc = dataCollectOf(services);
  if (!dc) return true;
  if (Array.isArray(dc.supportedModes) && !dc.supportedModes.includes('PeriodicRecordingMode')) return false;
  return dc.samplingPeriodSupported !== false;
}

/** The gateway's logger configurations; none before the CMS has an address at the gateway. */
export function loggerConfigsOf(
  g: Pick<Gateway, 'cmsAddress' | 'services'>,
  periodMs = TALQ_REPORT_PERIOD_MS,
): LoggerConfig[] {
  const cms = g.cmsAddress;
  if (!cms) return [];
  const everyDevice = { blackList: [] as [] };
  const content = Object.entries(LOGGED_ATTRIBUTES).map(([functionType, names]) => ({
    function: { functionType, attributes: names.map((name) => ({ name })) },
  }));
  // the gateways' samplings spread over the period, so that the console's ingest is not handed every lamp at once
  const periodS = Math.max(1, Math.round(periodMs / 1000));
  const shiftS = parseInt(hashOf(cms).slice(0, 8), 16) % periodS;
  const samplingStartTime = new Date(SAMPLING_EPOCH + shiftS * 1000).toISOString();
  return [
    {
      address: loggerAddressOf(cms, 'events'),
      ownerCMS: cms,
      sourceAddresses: everyDevice,
      recordingMode: { type: 'EventRecordingMode', sourceEvents: { whiteList: [...FOLLOWED_EVENTS] } },
      reportingMode: { type: 'ImmediateReportingMode', delay: 0 },
    },
    {
      address: loggerAddressOf(cms, 'measurements'),
      ownerCMS: cms,
      sourceAddresses: everyDevice,
      recordingMode: samplesPeriodically(g.services)
        ? {
            type: 'PeriodicRecordingMode',
            content,
            samplingProfiles: [{ samplingStartTime, samplingPeriod: isoDuration(periodMs) }],
          }
        : { type: 'VendorRecordingMode', content },
      reportingMode: { type: 'ImmediateReportingMode', delay: GATHER_S },
    },
  ];
}
