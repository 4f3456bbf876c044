import { afterEach, describe, expect, it, vi } from 'vitest';
import { durationMs, GatewayLoggers, ReportSchedule, type Sampling } from './talq-gateway-loggers.ts';
import { reportOf } from './talq-gateway-reports.ts';

// The simulator gateway's logger configurations: kept and served as the gateway API says, malformed ones refused,
// and its reports made when and of what a periodic logger asks (the timers' clock moved, not slept through).

const CMS = '0b7e0c1e-0000-4000-8000-00000000000c';
const LAMP = '6f1c1a4e-0000-4000-8000-000000000001';
const OTHER = '6f1c1a4e-0000-4000-8000-000000000002';
const MINUTE = 60_000;
const periodic = (address: string, samplingPeriod: string, sources: object = { blackList: [] }) => ({
  address,
  ownerCMS: CMS,
  sourceAddresses: sources,
  recordingMode: {
    type: 'PeriodicRecordingMode',
    content: [
      {
        function: {
          functionType: 'LampMonitorFunction',
          attributes: [{ name: 'operatingHours' }, { name: 'supplyVoltage' }],
        },
      },
      { function: { functionType: 'LampActuatorFunction', attributes: [{ name: 'actualLightState' }] } },
    ],
    samplingProfiles: [{ samplingStartTime: '2020-01-01T00:00:00Z', samplingPeriod }],
  },
  reportingMode: { type: 'ImmediateReportingMode', delay: 0 },
});
const events = {
  address: 'events',
  ownerCMS: CMS,
  sourceAddresses: { blackList: [] },
  recordingMode: { type: 'EventRecordingMode', sourceEvents: { whiteList: ['lampFailure'] } },
  reportingMode: { type: 'ImmediateReportingMode', delay: 0 },
};

afterEach(() => {
  vi.useRealTimers();
});

describe("the simulator gateway's logger configurations", () => {
  it('keeps, serves, replaces and deletes them', () => {
    const g = new GatewayLoggers();
    expect(g.handle('POST', '/logger-configs', periodic('m', 'PT15M'))).toEqual({ status: 201 });
    expect(g.handle('POST', '/logger-configs', events)).toEqual({ status: 201 });
    expect(g.handle('POST', '/logger-configs', events)).toMatchObject({ status: 409 });
    expect(g.handle('GET', '/logger-configs/m', undefined)).toEqual({
      status: 200,
      body: periodic('m', 'PT15M'),
    });
    expect(g.handle('PUT', '/logger-configs/m', periodic('m', 'PT5M'))).toEqual({ status: 200 });
    expect(g.handle('PUT', '/logger-configs/x', periodic('m', 'PT5M'))).toMatchObject({ status: 400 });
    expect(g.handle('PUT', '/logger-configs/y', periodic('y', 'PT5M'))).toMatchObject({ status: 404 });
    expect(g.samplings(15 * MINUTE).map((s) => [s.logger, s.periodMs])).toEqual([['m', 5 * MINUTE]]);
    expect(g.handle('DELETE', '/logger-configs/m', undefined)).toMatchObject({ status: 200 });
    expect(g.handle('GET', '/logger-configs/m', undefined)).toMatchObject({ status: 404 });
    expect(g.handle('GET', '/calendars/m', undefined)).toBeUndefined();
  });

  it('refuses a malformed configuration (400) and one it does not run (422)', () => {
    const g = new GatewayLoggers();
    const { recordingMode: _, ...noMode } = periodic('a', 'PT15M');
    expect(g.handle('POST', '/logger-configs', noMode)).toMatchObject({ status: 400 });
    expect(g.handle('POST', '/logger-configs', periodic('a', 'fifteen'))).toMatchObject({ status: 400 });
    expect(g.handle('POST', '/logger-configs', periodic('a', 'PT'))).toMatchObject({ status: 400 });
    expect(g.handle('POST', '/logger-configs', { ...events, address: 7 })).toMatchObject({ status: 400 });
    expect(
      g.handle('POST', '/logger-configs', { ...events, reportingMode: { type: 'ImmediateReportingMode' } }),
    ).toMatchObject({ status: 400 });
    const scheduled = { ...events, reportingMode: { type: 'ScheduledReportingMode', times: ['12:00:00'] } };
    expect(g.handle('POST', '/logger-configs', scheduled)).toMatchObject({ status: 422 });
    const groups = periodic('a', 'PT15M', { whiteList: [{ resource: 'groups', address: 'g1' }] });
    expect(g.handle('POST', '/logger-configs', groups)).toMatchObject({ status: 422 });
    expect(g.configs.size).toBe(0);
  });

  it("reports at its own period until configured, then at each of the logger's sampling instants", () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-07T10:02:00Z') });
    const g = new GatewayLoggers();
    const reports: (Sampling | undefined)[] = [];
    const schedule = new ReportSchedule(g, 15 * MINUTE, (s) => reports.push(s));
    schedule.restart();
    vi.advanceTimersByTime(30 * MINUTE);
    expect(reports).toEqual([undefined, undefined]);

    g.handle('POST', '/logger-configs', periodic('m', 'PT5M'));
    schedule.restart();
    reports.length = 0;
    // 10:32 now: the samples at 10:35, 10:40, 10:45 of the period counted from its start
    vi.advanceTimersByTime(3 * MINUTE - 1);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports.map((s) => s?.logger)).toEqual(['m']);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(reports.map((s) => s?.logger)).toEqual(['m', 'm', 'm']);
    schedule.stop();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(reports.length).toBe(3);
  });

  it("reports what the logger asks of the devices it covers, under the logger's address", () => {
    const g = new GatewayLoggers();
    g.handle(
      'POST',
      '/logger-configs',
      periodic('m', 'PT15M', { whiteList: [{ resource: 'devices', address: LAMP }] }),
    );
    const [sampling] = g.samplings(15 * MINUTE);
    const lamp = (address: string) => ({ address, watts: 100, level: 40, energyWh: 1500, burnHours: 12.5 });
    const at = new Date('2026-12-07T10:15:00Z');
    const report = reportOf([lamp(LAMP), lamp(OTHER)], at, sampling);
    expect(report.address).toBe('m');
    expect(
      report.entries.map((e) => [e.data.srcAddress, e.data.attributeName, e.data.attributeValue]),
    ).toEqual([
      [
        `${LAMP}/lamp`,
        'actualLightState',
        { type: 'AttributeLevelState', value: { name: 'LevelState', value: 40 } },
      ],
      [`${LAMP}/monitor`, 'operatingHours', { type: 'AttributeFloat', value: 12.5 }],
      [`${LAMP}/monitor`, 'supplyVoltage', { type: 'AttributeFloat', value: 230 }],
    ]);
    // before any logger: level, power and energy of every lamp
    const unconfigured = reportOf([lamp(LAMP)], at);
    expect(unconfigured.entries.map((e) => e.data.attributeName)).toEqual([
      'actualLightState',
      'activePower',
      'activeEnergy',
    ]);
  });

  it('reads ISO 8601 durations', () => {
    expect(durationMs('PT15M')).toBe(15 * MINUTE);
    expect(durationMs('P1DT1H')).toBe(25 * 60 * MINUTE);
    expect(durationMs('PT')).toBeUndefined();
    expect(durationMs('15M')).toBeUndefined();
  });
});
