import { describe, expect, it } from 'vitest';
import { ANSWER, buildCommand, parseCommand } from './commands.ts';
import type { CommandMessage } from './command.ts';

const message = (type: string, payload: unknown): CommandMessage => ({
  id: 'c1',
  type,
  payload,
  sentAt: '2025-01-01T00:00:00.000Z',
});
const codeOf = (type: string, payload: unknown) => {
  const r = parseCommand(message(type, payload));
  return r.ok ? ANSWER.done : r.code;
};

describe('command payloads', () => {
  it('builds a dim command with normalised MACs', () => {
    const cmd = buildCommand('dim', { macs: ['02:4d:00:01:00:00:00:01'], pwm: 40 }, 'x1');
    expect(cmd).toMatchObject({ id: 'x1', type: 'dim', payload: { macs: ['024D000100000001'], pwm: 40 } });
    expect(parseCommand(cmd)).toEqual({ ok: true, command: { id: 'x1', type: 'dim', payload: cmd.payload } });
  });

  it('dim: pwm 0..100, an optional non-empty list of MACs', () => {
    expect(codeOf('dim', { pwm: 0 })).toBe(0);
    expect(codeOf('dim', { pwm: 100, macs: ['AABBCCDDEEFF'] })).toBe(0);
    for (const bad of [
      { pwm: -1 },
      { pwm: 101 },
      { pwm: 50.5 },
      { pwm: 5, macs: [] },
      { pwm: 5, macs: ['zz'] },
      {},
    ])
      expect(codeOf('dim', bad)).toBe(ANSWER.writeRefused);
  });

  it('switch: sw1..sw3 each 0 or 1, at least one', () => {
    expect(codeOf('switch', { sw1: 1, sw2: 0, sw3: 1 })).toBe(0);
    expect(codeOf('switch', { sw3: 0 })).toBe(0);
    for (const bad of [{}, { sw1: 2 }, { sw2: true }, { sw1: '1' }])
      expect(codeOf('switch', bad)).toBe(ANSWER.writeRefused);
  });

  it.each([
    ['minPwm', 1, 99],
    ['maxPwm', 30, 100],
    ['radioChannel', 0, 15],
    ['radioPower', 0, 14],
  ])('params: %s accepts %i..%i and nothing outside', (key, min, max) => {
    expect(codeOf('params', { [key]: min })).toBe(0);
    expect(codeOf('params', { [key]: max })).toBe(0);
    expect(codeOf('params', { [key]: min - 1 })).toBe(ANSWER.writeRefused);
    expect(codeOf('params', { [key]: max + 1 })).toBe(ANSWER.writeRefused);
    expect(codeOf('params', { [key]: min + 0.5 })).toBe(ANSWER.writeRefused);
  });

  it('params needs at least one parameter', () => {
    expect(codeOf('params', { macs: ['AABBCCDDEEFF'] })).toBe(ANSWER.writeRefused);
  });

  it('json takes any object and nothing else', () => {
    expect(codeOf('json', { a: [1, { b: null }] })).toBe(0);
    for (const bad of [[1], 'x', 3, null]) expect(codeOf('json', bad)).toBe(ANSWER.writeRefused);
  });

  it('an unknown type answers 2, including inherited names', () => {
    expect(codeOf('reboot', {})).toBe(ANSWER.unsupported);
    expect(codeOf('toString', {})).toBe(ANSWER.unsupported);
  });

  it('refuses to build an invalid command', () => {
    expect(() => buildCommand('params', { radioPower: 15 })).toThrow();
  });
});
