import { describe, expect, it } from 'vitest';
import { MARKER_STATES, markerState, type MarkerLayer, type MarkerPoint } from './marker-states.ts';

describe('marker states (spec §4)', () => {
  it('names every state of the spec once', () => {
    expect([...MARKER_STATES].sort()).toEqual(
      [
        'LAMP_ON',
        'LAMP_OFF',
        'LAMP_BROKEN',
        'LAMP_UNKNOWN',
        'LAMP_DELETED',
        'CONTROLLER_ON',
        'CONTROLLER_OFF',
        'UNUSED_SUPPORT',
        'UNUSED_SOCKET',
      ].sort(),
    );
  });

  it.each<[MarkerLayer, MarkerPoint, string]>([
    ['LuminaryModules', { status: 1 }, 'LAMP_ON'],
    ['LuminaryModules', { status: 5 }, 'LAMP_OFF'],
    ['LuminaryModules', { status: 4096 }, 'LAMP_BROKEN'],
    ['LuminaryModules', { status: 4097, unused: 1 }, 'LAMP_BROKEN'],
    ['LuminaryModules', { status: -1 }, 'LAMP_UNKNOWN'],
    ['LuminarySupports', { status: 1, unused: 1, freeSocket: 1 }, 'UNUSED_SUPPORT'],
    ['LuminarySupports', { status: 1, deletedLamp: 1, freeSocket: 1 }, 'LAMP_DELETED'],
    ['LuminarySupports', { status: 4, freeSocket: 1 }, 'UNUSED_SOCKET'],
    ['LuminarySupports', { status: 4, unused: 0 }, 'LAMP_BROKEN'],
    ['Controllers', { status: 1, active: 1, unused: 0 }, 'CONTROLLER_ON'],
    ['Controllers', { status: 3, active: 0, unused: 1 }, 'CONTROLLER_OFF'],
    ['Cabinets', { status: 0, active: 0 }, 'LAMP_OFF'],
  ])('a point of %s with %o is %s', (layer, point, state) => {
    expect(markerState(layer, point)).toBe(state);
  });
});
