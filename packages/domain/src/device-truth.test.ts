import { describe, expect, it } from 'vitest';
import { controllerStatusAfter, moduleCodeAfter, moduleStatusAfter } from './device-truth.ts';

describe('device truth: the named statuses the field sets (spec §4)', () => {
  it.each([
    [1, 'WORKING_ON'],
    [0, 'WORKING_OFF'],
    [2, 'WORKING_OFF'],
    [5, 'WORKING_OFF'],
    [4, 'BROKEN'],
    [4096, 'BROKEN'],
    [4097, 'BROKEN'],
    [77, 'WORKING_UNKNOWN'],
  ] as const)('a module reporting %s is %s', (clStatus, status) =>
    expect(moduleStatusAfter('MOUNTED', { kind: 'report', clStatus })).toBe(status),
  );

  it('a silent module, or one whose controller is offline, is offline and not responding; its next report brings it back', () => {
    for (const kind of ['silent', 'controllerOffline'] as const) {
      expect(moduleStatusAfter('WORKING_ON', { kind })).toBe('WORKING_NOT_RESPONDING');
      expect(moduleCodeAfter(1, { kind })).toBe(3);
    }
    expect(moduleStatusAfter('WORKING_NOT_RESPONDING', { kind: 'controllerOnline' })).toBe(
      'WORKING_NOT_RESPONDING',
    );
    expect(moduleStatusAfter('WORKING_NOT_RESPONDING', { kind: 'report', clStatus: 0 })).toBe('WORKING_OFF');
    expect(moduleCodeAfter(3, { kind: 'report', clStatus: 0 })).toBe(0);
  });

  it('a broken lamp that reports a working code again is working again', () => {
    expect(moduleStatusAfter('BROKEN', { kind: 'report', clStatus: 1 })).toBe('WORKING_ON');
  });

  it('leaves the inventory statuses the operator set', () => {
    for (const status of ['AT_WAREHOUSE', 'DECOMMISSIONED', 'LOST', 'UNMOUNTED', 'DAMAGED'] as const) {
      expect(moduleStatusAfter(status, { kind: 'report', clStatus: 1 })).toBe(status);
      expect(moduleStatusAfter(status, { kind: 'silent' })).toBe(status);
      expect(controllerStatusAfter(status, { kind: 'controllerOffline' })).toBe(status);
    }
  });

  it('a controller is connected while heard and disconnected by its last will or its silence', () => {
    expect(controllerStatusAfter(null, { kind: 'controllerOnline' })).toBe('CONNECTED');
    expect(controllerStatusAfter('CONNECTED', { kind: 'controllerOffline' })).toBe('DISCONNECTED');
    expect(controllerStatusAfter('CONNECTED', { kind: 'silent' })).toBe('DISCONNECTED');
    expect(controllerStatusAfter('DISCONNECTED', { kind: 'report', clStatus: 1 })).toBe('CONNECTED');
  });
});
