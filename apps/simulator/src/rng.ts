/** A small seeded generator (mulberry32): the same seed gives the same faults and noise. */
export type Rng = () => number;

export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether an event with `perDay` expected occurrences happens within `ms`. */
export const happens = (r: Rng, perDay: number, ms: number) =>
  perDay > 0 && r() < 1 - Math.exp((-perDay * ms) / 86_400_000);

export const jitter = (r: Rng, value: number, spread: number) => value + (r() * 2 - 1) * spread;
