/**
 * Cabinet I/O (spec §4), one bit per position, bit 0 the least significant:
 *   bit 0 door      1 = open,   0 = closed
 *   bit 1 mode      1 = AUTO,   0 = MANUAL
 *   bit 2 breaker1  1 = closed (phase A fed), 0 = tripped
 *   bit 3 breaker2  phase B, as breaker1
 *   bit 4 breaker3  phase C, as breaker1
 *   bit 5 relay1    1 = contactor closed (phase A lamps switched on), 0 = open
 *   bit 6 relay2    phase B, as relay1
 *   bit 7 relay3    phase C, as relay1
 * The bits are as wired: a controller's polarity mask (Controllers.polarity) is applied by the server, not here.
 */
export const IO_BITS = {
  door: 0,
  mode: 1,
  breaker1: 2,
  breaker2: 3,
  breaker3: 4,
  relay1: 5,
  relay2: 6,
  relay3: 7,
} as const;

type Three = [boolean, boolean, boolean];
export type IoState = { door: 'open' | 'closed'; mode: 'AUTO' | 'MANUAL'; breakers: Three; relays: Three };

const bit = (iostate: number, n: number) => ((iostate >> n) & 1) === 1;

export function decodeIo(iostate: number): IoState {
  return {
    door: bit(iostate, IO_BITS.door) ? 'open' : 'closed',
    mode: bit(iostate, IO_BITS.mode) ? 'AUTO' : 'MANUAL',
    breakers: [
      bit(iostate, IO_BITS.breaker1),
      bit(iostate, IO_BITS.breaker2),
      bit(iostate, IO_BITS.breaker3),
    ],
    relays: [bit(iostate, IO_BITS.relay1), bit(iostate, IO_BITS.relay2), bit(iostate, IO_BITS.relay3)],
  };
}

export function encodeIo(io: IoState): number {
  const flags = [io.door === 'open', io.mode === 'AUTO', ...io.breakers, ...io.relays];
  return flags.reduce((acc, on, n) => (on ? acc | (1 << n) : acc), 0);
}

export type Inversion = Partial<Record<'A' | 'B' | 'C', boolean>>;
const PHASES = ['A', 'B', 'C'] as const;

/**
 * Per phase A..C, the controller's relay output (as it reports it) that closes the contactor and lights the lamps:
 * high, unless either the contactor is wired inverted (Cabinets.inversion) or the controller's pin is (its
 * polarity bit), not both (spec §3, §9).
 */
export function litOutputs(polarity: number, inversion: Inversion = {}): Three {
  return PHASES.map((phase, p) => !inversion[phase] === !((polarity >> (IO_BITS.relay1 + p)) & 1)) as Three;
}

/** Per phase, whether the contactor is closed (its lamps fed), from the reported I/O as the cabinet is wired. */
export function contactorsClosed(iostate: number, polarity: number, inversion: Inversion = {}): Three {
  const lit = litOutputs(polarity, inversion);
  return decodeIo(iostate).relays.map((on, p) => on === lit[p]) as Three;
}
