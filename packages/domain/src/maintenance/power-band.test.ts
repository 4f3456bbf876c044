import { describe, expect, it } from 'vitest';
import { outputOf, powerVerdict } from './power-band.ts';

describe("a mended lamp's draw against its model's", () => {
  it('is in band when it draws its rated power at its output, dimmed or not', () => {
    const night = [
      { pwm: 100, pow: 61 },
      { pwm: 70, pow: 41 },
      { pwm: 70, pow: 43 },
    ];
    expect(powerVerdict(60, night)).toEqual({ ratio: 61 / 60, inBand: true });
  });

  it('is out of band when it draws far less (a failing driver) or far more (the wrong lamp fitted)', () => {
    expect(powerVerdict(60, [{ pwm: 100, pow: 12 }])?.inBand).toBe(false);
    expect(powerVerdict(60, [{ pwm: 100, pow: 150 }])?.inBand).toBe(false);
    expect(powerVerdict(60, [{ pwm: 100, pow: 36 }])?.inBand).toBe(true);
    expect(powerVerdict(60, [{ pwm: 100, pow: 35.9 }])?.inBand).toBe(false);
  });

  it('takes the median, so one odd reading does not decide', () => {
    const night = [
      { pwm: 100, pow: 0 },
      { pwm: 100, pow: 60 },
      { pwm: 100, pow: 59 },
    ];
    expect(powerVerdict(60, night)?.inBand).toBe(true);
  });

  it('judges by output: the minimum raises a low level, the limit scales it, and below half nothing is judged', () => {
    expect(outputOf({ pwm: 20, pow: 0, lpwm: 60 })).toBe(60);
    expect(outputOf({ pwm: 100, pow: 0, cpwm: 80 })).toBe(80);
    expect(outputOf({ pwm: 0, pow: 0, lpwm: 60 })).toBe(0);
    expect(powerVerdict(100, [{ pwm: 20, pow: 60, lpwm: 60 }])).toEqual({ ratio: 1, inBand: true });
    expect(powerVerdict(100, [{ pwm: 30, pow: 1 }])).toBeUndefined();
    expect(powerVerdict(null, [{ pwm: 100, pow: 1 }])).toBeUndefined();
  });
});
