import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FOLLOWED_EVENTS } from './talq-log-reports.ts';
import {
  isoDuration,
  LOGGED_ATTRIBUTES,
  loggerConfigsOf,
  type LoggerConfig,
} from './talq-logger-entities.ts';
import { checkComponent, checkLoggerModes, checkRequest } from './talq-schemas.ts';

// The logger configurations the console gives a gateway: valid against the gateway API and the data model, asking
// for every attribute and event the log reports' ingest keeps, sampled at the console's report period.

const CMS = '0b7e0c1e-0000-4000-8000-00000000000c';
type Schema = { properties?: Record<string, unknown>; allOf?: Schema[] };
const dm = JSON.parse(readFileSync(new URL('./schema/talq-dm.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};
const propertiesOf = (s: Schema | undefined): string[] =>
  s ? [...Object.keys(s.properties ?? {}), ...(s.allOf ?? []).flatMap(propertiesOf)] : [];

it('asks for the followed events at once and the ingested attributes every 15 minutes, of every device', () => {
  const [events, measurements] = loggerConfigsOf({
    cmsAddress: CMS,
    services: [{ name: 'DataCollectService' }],
  });
  for (const config of [events!, measurements!]) {
    expect(checkRequest('gw', '/logger-configs', 'POST', config)).toEqual({ ok: true });
    expect(checkRequest('gw', '/logger-configs/{loggerAddress}', 'PUT', config)).toEqual({ ok: true });
    expect(checkComponent('LoggerConfig', config)).toEqual({ ok: true });
    expect(checkLoggerModes(config)).toEqual({ ok: true });
    expect(config).toMatchObject({ ownerCMS: CMS, sourceAddresses: { blackList: [] } });
  }
  expect(events!.recordingMode).toEqual({
    type: 'EventRecordingMode',
    sourceEvents: { whiteList: [...FOLLOWED_EVENTS] },
  });
  expect(events!.reportingMode).toEqual({ type: 'ImmediateReportingMode', delay: 0 });
  const mode = measurements!.recordingMode as Extract<LoggerConfig['recordingMode'], { content: unknown }>;
  expect(mode.type).toBe('PeriodicRecordingMode');
  expect((mode as { samplingProfiles: unknown[] }).samplingProfiles).toEqual([
    { samplingStartTime: expect.stringMatching(/^2020-01-01T00:\d\d:\d\d\.000Z$/), samplingPeriod: 'PT15M' },
  ]);
  const asked = Object.fromEntries(
    mode.content.map((c) => [c.function.functionType, c.function.attributes.map((a) => a.name)]),
  );
  expect(asked).toEqual(LOGGED_ATTRIBUTES);
  expect(asked.LampMonitorFunction).toEqual(
    expect.arrayContaining(['activeEnergy', 'activePower', 'supplyVoltage', 'operatingHours', 'temperature']),
  );
  expect(asked.LampActuatorFunction).toEqual(['actualLightState']);
  expect(asked.ElectricalMeterFunction).toEqual(
    expect.arrayContaining(['totalActiveEnergy', 'phase1ActiveEnergy', 'phase3ActiveEnergy']),
  );
  // each a property of its function type in the data model
  for (const [type, names] of Object.entries(asked))
    expect(propertiesOf(dm.components.schemas[type])).toEqual(expect.arrayContaining(names!));
});

it('gives each gateway its own addresses and sampling instant, the same each time', () => {
  const other = 'a1b2c3d4-0000-4000-8000-00000000000c';
  const one = loggerConfigsOf({ cmsAddress: CMS, services: [] });
  expect(loggerConfigsOf({ cmsAddress: CMS, services: [] })).toEqual(one);
  const two = loggerConfigsOf({ cmsAddress: other, services: [] });
  expect(new Set([...one, ...two].map((l) => l.address)).size).toBe(4);
  for (const l of [...one, ...two]) expect(l.address).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab]/);
  expect(loggerConfigsOf({ cmsAddress: null, services: [] })).toEqual([]);
});

it('asks a gateway that samples no periods for the same attributes in its own recording mode', () => {
  const services = [
    { name: 'DataCollectService', supportedModes: ['VendorRecordingMode', 'EventRecordingMode'] },
  ];
  const [, measurements] = loggerConfigsOf({ cmsAddress: CMS, services });
  expect(measurements!.recordingMode).toMatchObject({ type: 'VendorRecordingMode' });
  expect(checkRequest('gw', '/logger-configs', 'POST', measurements)).toEqual({ ok: true });
  expect(checkLoggerModes(measurements)).toEqual({ ok: true });
  const denied = [{ name: 'DataCollectService', samplingPeriodSupported: false }];
  expect(loggerConfigsOf({ cmsAddress: CMS, services: denied })[1]!.recordingMode.type).toBe(
    'VendorRecordingMode',
  );
});

it('writes periods as ISO 8601 durations', () => {
  expect(isoDuration(15 * 60_000)).toBe('PT15M');
  expect(isoDuration(3_600_000 + 90_000)).toBe('PT1H1M30S');
  expect(isoDuration(5_000)).toBe('PT5S');
});

it("checks each mode against its own type, which the API file's oneOf does not", () => {
  const [events] = loggerConfigsOf({ cmsAddress: CMS, services: [] });
  const periodicWithout = { ...events, recordingMode: { type: 'PeriodicRecordingMode', content: [] } };
  expect(checkRequest('gw', '/logger-configs', 'POST', periodicWithout)).toEqual({ ok: true });
  expect(checkLoggerModes(periodicWithout)).toMatchObject({ ok: false });
  expect(checkLoggerModes({ ...events, recordingMode: { type: 'EventRecordingMode' } })).toMatchObject({
    ok: false,
  });
});
