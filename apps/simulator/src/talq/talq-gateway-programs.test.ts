import { describe, expect, it } from 'vitest';
import { GatewayPrograms } from './talq-gateway-programs.ts';

// The simulator gateway's programs: what a CMS assigns drives the lamp's level at each instant, by the gateway's
// wall clock (America/New_York: UTC−5 in winter), ramps included, the day picked by the calendar's date rules.

const TZ = 'America/New_York';
const LAMP = '6f1c1a4e-0000-4000-8000-000000000001';
const CMS = '0b7e0c1e-0000-4000-8000-00000000000c';
const step = (startTime: string, value: number, rampToLevelTime?: number) => ({
  startTime,
  command: { state: { name: 'LevelState', value }, ...(rampToLevelTime && { rampToLevelTime }) },
});
const program = (id: string, steps: ReturnType<typeof step>[]) => ({
  type: 'ControlProgramOne',
  id,
  ownerCMS: CMS,
  activePeriods: [],
  fixedTimeControls: steps,
});
/** an instant of the New York wall clock in December */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-05:00`);

function gateway() {
  const g = new GatewayPrograms(TZ, (a) => a === LAMP);
  const programs = [
    // evening: on at 16:20 over ten minutes to 100, 50 from 23:00
    program('p-mon', [step('00:00:00', 0), step('16:20:00', 100, 600), step('23:00:00', 50)]),
    // its morning: 50 until 06:30, then down to 0 over ten minutes
    program('p-tue', [step('00:00:00', 50), step('06:30:00', 0, 600), step('16:21:00', 80)]),
  ];
  expect(g.handle('POST', '/control-programs', programs)).toMatchObject({ status: 201 });
  const calendar = {
    id: 'cal-1',
    ownerCMS: CMS,
    rules: [
      { startDate: '2026-12-07', endDate: '2026-12-07', program: 'p-mon' },
      { startDate: '2026-12-08', endDate: '2026-12-08', program: 'p-tue' },
    ],
    defaultProgram: 'p-tue',
  };
  expect(g.handle('POST', '/calendars', [calendar])).toMatchObject({ status: 201 });
  return g;
}

describe("the simulator gateway's control programs", () => {
  it('drives an assigned lamp by its calendar: steps, ramps and the day after', () => {
    const g = gateway();
    expect(g.levelOf(LAMP, at('2026-12-07', '18:00'))).toBeUndefined();
    const assigned = g.handle('POST', '/assign-commands', {
      addresses: [{ resource: 'devices', address: `${LAMP}/lamp` }],
      entity: { resource: 'calendars', address: 'cal-1' },
    });
    expect(assigned).toEqual({ status: 201 });
    expect(g.levelOf(LAMP, at('2026-12-07', '12:00'))).toBe(0);
    expect(g.levelOf(LAMP, at('2026-12-07', '16:20'))).toBe(0);
    // halfway through the ten-minute ramp
    expect(g.levelOf(LAMP, at('2026-12-07', '16:25'))).toBe(50);
    expect(g.levelOf(LAMP, at('2026-12-07', '16:30'))).toBe(100);
    expect(g.levelOf(LAMP, at('2026-12-07', '22:59'))).toBe(100);
    expect(g.levelOf(LAMP, at('2026-12-07', '23:30'))).toBe(50);
    // past midnight the next date's program, carrying on from where the night was
    expect(g.levelOf(LAMP, at('2026-12-08', '03:00'))).toBe(50);
    expect(g.levelOf(LAMP, at('2026-12-08', '06:35'))).toBe(25);
    expect(g.levelOf(LAMP, at('2026-12-08', '07:00'))).toBe(0);
    expect(g.levelOf(LAMP, at('2026-12-08', '17:00'))).toBe(80);
    // a date no rule names runs the default program
    expect(g.levelOf(LAMP, at('2026-12-20', '17:00'))).toBe(80);
    // assigned no calendar again: the gateway's own clock takes over
    g.handle('POST', '/assign-commands', {
      addresses: [{ resource: 'devices', address: LAMP }],
      entity: { resource: 'calendars', address: '' },
    });
    expect(g.levelOf(LAMP, at('2026-12-07', '18:00'))).toBeUndefined();
  });

  it('refuses what it cannot take: malformed bodies 400, unknown references 422, a second create 409', () => {
    const g = gateway();
    const bad = (path: string, body: unknown, method = 'POST') => g.handle(method, path, body)?.status;
    expect(bad('/control-programs', [program('x', [step('25:00:00', 10)])])).toBe(400);
    expect(bad('/control-programs', [program('x', [step('10:00:00', 10), step('09:00:00', 5)])])).toBe(400);
    expect(bad('/control-programs', [program('x', [step('10:00:00', 101)])])).toBe(400);
    expect(bad('/control-programs', { id: 'not a list' })).toBe(400);
    expect(bad('/control-programs', [program('p-mon', [step('00:00:00', 0)])])).toBe(409);
    expect(bad('/calendars', [{ id: 'c', ownerCMS: CMS, rules: [{ program: 'nowhere' }] }])).toBe(422);
    expect(
      bad('/calendars', [{ id: 'c', ownerCMS: CMS, rules: [{ startDate: '7 Dec', program: 'p-mon' }] }]),
    ).toBe(400);
    expect(bad('/calendars/nowhere', { id: 'nowhere', ownerCMS: CMS, rules: [] }, 'PUT')).toBe(404);
    const assign = (address: string, calendar: string) =>
      bad('/assign-commands', {
        addresses: [{ resource: 'devices', address }],
        entity: { resource: 'calendars', address: calendar },
      });
    expect(assign(LAMP, 'no-such-calendar')).toBe(422);
    expect(assign('00000000-0000-4000-8000-000000000000', 'cal-1')).toBe(422);
    // a program a calendar names stays
    expect(g.handle('DELETE', '/control-programs/p-mon', undefined)?.status).toBe(409);
    expect(g.handle('GET', '/devices', undefined)).toBeUndefined();
  });
});
