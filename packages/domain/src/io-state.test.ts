import { describe, expect, it } from 'vitest';
import { contactorsClosed, encodeIo, litOutputs } from './io-state.ts';

describe('contactors as the cabinet is wired', () => {
  it('lights a phase with a high output unless its contactor or the controller’s pin is inverted, not both', () => {
    expect(litOutputs(0)).toEqual([true, true, true]);
    // A's contactor inverted; B's pin (bit 6) inverted; C both
    expect(litOutputs((1 << 6) | (1 << 7), { A: true, C: true })).toEqual([false, false, true]);
  });

  it('reads a reported output as closed or open through both', () => {
    const io = encodeIo({
      door: 'closed',
      mode: 'AUTO',
      breakers: [true, true, true],
      relays: [false, false, true],
    });
    expect(contactorsClosed(io, 0)).toEqual([false, false, true]);
    expect(contactorsClosed(io, 1 << 6, { A: true })).toEqual([true, true, true]);
  });
});
