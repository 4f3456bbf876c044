import { describe, expect, it } from 'vitest';
import { nightSteps } from './night-summary.ts';

const at = (hhmm: string, day = '2026-11-23') => `${day}T${hhmm}:00.000Z`;

describe('a night in steps', () => {
  it('names the switch-on level, each change and the switch-off at the switch times, the fades no change', () => {
    const night = {
      on: at('17:00'),
      off: at('07:00', '2026-11-24'),
      points: [
        { at: at('16:55'), level: 0 },
        { at: at('17:05'), level: 100 },
        { at: at('23:00'), level: 100 },
        { at: at('23:00'), level: 50 },
        { at: at('05:00', '2026-11-24'), level: 50 },
        { at: at('05:00', '2026-11-24'), level: 100 },
        { at: at('06:55', '2026-11-24'), level: 100 },
        { at: at('07:05', '2026-11-24'), level: 0 },
      ],
    };
    expect(nightSteps(night)).toEqual({
      on: { at: at('16:55'), level: 100 },
      changes: [
        { at: at('23:00'), level: 50 },
        { at: at('05:00', '2026-11-24'), level: 100 },
      ],
      off: at('07:05', '2026-11-24'),
    });
  });

  it('has nothing to say of a night without burning', () => {
    expect(nightSteps({ points: [] })).toEqual({ changes: [] });
  });
});
