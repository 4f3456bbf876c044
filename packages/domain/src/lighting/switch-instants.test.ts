import { describe, expect, it } from 'vitest';
import { switchInstants } from './switch-instants.ts';

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
