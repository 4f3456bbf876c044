/**
 * A lit lamp draws its model's rated power at the share of full output it burns at: its level, raised to its
 * module's minimum and scaled by its maximum (the limit). Readings at half output or more are judged; below it the
 * driver's losses and standby draw weigh too much. A lamp whose median draw is outside the band of what it should
 * draw is not mended: a failing driver, the wrong lamp fitted, or a lamp left dark that its module powers.
 */
export const POWER_BAND = { fromOutput: 50, low: 0.6, high: 1.4 } as const;

/** One reading of a module: its level and power (W), with its minimum and maximum level where it sent them. */
export type PowerReading = { pwm: number; pow: number; lpwm?: number | null; cpwm?: number | null };

/** Percent of full output a reading's level gives. */
export const outputOf = (r: PowerReading) =>
  r.pwm <= 0 ? 0 : (Math.max(r.pwm, r.lpwm ?? 0) * (r.cpwm ?? 100)) / 100;

/**
 * The night's verdict on a lamp's draw: its median share of what it should draw, and whether that is within the band;
 * none when no reading was at an output to judge by, or the model's rated power is not known.
 */
export function powerVerdict(
  ratedW: number | null | undefined,
  readings: readonly PowerReading[],
): { ratio: number; inBand: boolean } | undefined {
  if (!ratedW || ratedW <= 0) return undefined;
  const ratios = readings
    .filter((r) => outputOf(r) >= POWER_BAND.fromOutput && Number.isFinite(r.pow))
    .map((r) => r.pow / ((ratedW * outputOf(r)) / 100))
    .sort((a, b) => a - b);
  if (!ratios.length) return undefined;
  const mid = ratios.length >> 1;
  const ratio = ratios.length % 2 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
  return { ratio, inBand: ratio >= POWER_BAND.low && ratio <= POWER_BAND.high };
}
