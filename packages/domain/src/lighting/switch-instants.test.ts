import { describe, expect, it } from 'vitest';
import { nextStep, nightSwitches, switchInstants, switchTimes } from './switch-instants.ts';

const at = (hhmm: string, day = 10) => new Date(`2026-05-${day}T${hhmm}:00Z`);
const from = at('12:00');
const to = at('12:00', 11);
const program = (...tables: [string, number][][]) => ({
  from,
  to,
  tables: tables.map((points, i) => ({
    macs: [`m${i}`],
    points: points.map(([t, level]) => ({ at: t.length > 5 ? new Date(t) : at(t), level })),
  })),
});

describe('the switch instants of a lighting program', () => {
  it('closes at the first lamp lit and opens when the last goes out', () => {
    const got = switchInstants(
      program(
        [
          ['19:30', 0],
          ['19:30', 80],
          ['2026-05-11T04:00', 80],
          ['2026-05-11T04:00', 0],
        ],
        [
          ['20:00', 0],
          ['20:00', 50],
          ['2026-05-11T05:10', 50],
          ['2026-05-11T05:10', 0],
        ],
      ),
      from,
      to,
    );
    expect(got).toEqual({ on: at('19:30'), off: new Date('2026-05-11T05:10:00Z') });
  });

  it('counts a ramp from 0 as lit from its start, and a lamp lit at the end as off at the end', () => {
    const got = switchInstants(
      program([
        ['21:00', 0],
        ['21:10', 100],
      ]),
      from,
      to,
    );
    expect(got).toEqual({ on: at('21:00'), off: to });
  });

  it('says nothing of a night whose lamps stay dark', () => {
    expect(switchInstants(program([['21:00', 0]]), from, to)).toEqual({ on: null, off: null });
  });
});

describe('the switch times of a night, edges the mutation run found untested', () => {
  const lists = (...tables: [string, number][][]) =>
    tables.map((points) => points.map(([t, level]) => ({ at: t.length > 5 ? new Date(t) : at(t), level })));

  it('counts a lamp already lit at the start of the window as on at the start', () => {
    const got = switchTimes(
      lists([
        ['10:00', 0],
        ['10:00', 80],
      ]),
      from,
      to,
    );
    expect(got).toEqual({ on: from, off: to });
  });

  it('ignores points outside the window, and a switch-on exactly at its end', () => {
    const earlier = lists([
      ['10:00', 0],
      ['10:00', 80],
      ['11:00', 80],
      ['11:00', 0],
    ]);
    expect(switchTimes(earlier, from, to)).toEqual({ on: null, off: null });
    const atTheEnd = lists([
      ['2026-05-11T12:00', 0],
      ['2026-05-11T12:00', 80],
    ]);
    expect(switchTimes(atTheEnd, from, to)).toEqual({ on: null, off: null });
  });

  it('orders the instants of several lamps whatever order the lamps come in', () => {
    const got = switchTimes(
      lists(
        [
          ['21:00', 0],
          ['21:00', 80],
          ['23:00', 80],
          ['23:00', 0],
        ],
        [
          ['20:00', 0],
          ['20:00', 50],
          ['22:00', 50],
          ['22:00', 0],
        ],
      ),
      from,
      to,
    );
    expect(got).toEqual({ on: at('20:00'), off: at('23:00') });
  });
});

describe('one night’s switches and a lamp’s next step', () => {
  const pts = (...points: [string, number][]) => points.map(([t, level]) => ({ at: new Date(t), level }));
  // on at 19:30:20, down to 50 % at 23:00, off at 04:00:40 (UTC)
  const night = pts(
    ['2026-05-10T19:30:20Z', 0],
    ['2026-05-10T19:30:20Z', 80],
    ['2026-05-10T23:00:00Z', 80],
    ['2026-05-10T23:00:00Z', 50],
    ['2026-05-11T04:00:40Z', 50],
    ['2026-05-11T04:00:40Z', 0],
  );

  it('rounds a night’s on and off to the minute, and says nothing of an empty night', () => {
    expect(nightSwitches(night)).toEqual({
      on: new Date('2026-05-10T19:30:00Z'),
      off: new Date('2026-05-11T04:01:00Z'),
    });
    expect(nightSwitches([])).toEqual({ on: null, off: null });
  });

  it('takes a night that ends lit as off at its last point, half a minute rounding up', () => {
    const lit = pts(
      ['2026-05-10T21:00:00Z', 0],
      ['2026-05-10T21:00:00Z', 100],
      ['2026-05-10T22:00:30Z', 100],
    );
    expect(nightSwitches(lit)).toEqual({
      on: new Date('2026-05-10T21:00:00Z'),
      off: new Date('2026-05-10T22:01:00Z'),
    });
  });

  it('names the switch-on before the night, a change during it, the switch-off at the end, nothing after', () => {
    expect(nextStep(night, new Date('2026-05-10T18:00:00Z'))).toEqual({
      at: new Date('2026-05-10T19:30:00Z'),
      level: 80,
    });
    expect(nextStep(night, new Date('2026-05-10T22:00:00Z'))).toEqual({
      at: new Date('2026-05-10T23:00:00Z'),
      level: 50,
    });
    expect(nextStep(night, new Date('2026-05-11T01:00:00Z'))).toEqual({
      at: new Date('2026-05-11T04:01:00Z'),
      level: 0,
    });
    expect(nextStep(night, new Date('2026-05-11T05:00:00Z'))).toBeUndefined();
  });

  it('after a pause in the night, names the lamp’s return, not the night’s first switch-on', () => {
    const paused = pts(
      ['2026-05-10T19:30:00Z', 0],
      ['2026-05-10T19:30:00Z', 80],
      ['2026-05-10T23:00:00Z', 80],
      ['2026-05-10T23:00:00Z', 0],
      ['2026-05-11T01:00:45Z', 0],
      ['2026-05-11T01:00:45Z', 50],
      ['2026-05-11T04:00:00Z', 50],
      ['2026-05-11T04:00:00Z', 0],
    );
    expect(nextStep(paused, new Date('2026-05-11T00:00:00Z'))).toEqual({
      at: new Date('2026-05-11T01:01:00Z'),
      level: 50,
    });
  });
});
