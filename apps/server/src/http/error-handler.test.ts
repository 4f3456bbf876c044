import { describe, expect, it } from 'vitest';
import { isDisconnected, toApiError } from './error-handler.ts';

// What says the database cannot be reached (503 DisconnectedError), through drizzle's wrapping of the driver's error.

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDisconnected', () => {
  it.each([
    [
      'refused',
      wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    ],
    ['reset', wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))],
    ['terminated', wrapped(new Error('Connection terminated unexpectedly'))],
    ['admin shutdown', wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' }))],
    ['connection exception', wrapped(Object.assign(new Error('connection failure'), { code: '08006' }))],
    [
      'several addresses',
      wrapped(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])),
    ],
  ])('%s', (_name, err) => expect(isDisconnected(err)).toBe(true));

  it.each([
    ['unique violation', wrapped(Object.assign(new Error('duplicate key'), { code: '23505' }))],
    ['syntax', wrapped(Object.assign(new Error('syntax error'), { code: '42601' }))],
    ['plain', new Error('boom')],
    ['nothing', undefined],
  ])('not %s', (_name, err) => expect(isDisconnected(err)).toBe(false));
});

describe('a wait for a pool connection that ran out', () => {
  it('is 503 ServiceConnectionError, reason databaseBusy, with Retry-After, not a lost database', () => {
    const err = wrapped(new Error('timeout exceeded when trying to connect'));
    expect(isDisconnected(err)).toBe(false);
    expect(toApiError(err as never)).toMatchObject({
      code: 'ServiceConnectionError',
      status: 503,
      reason: 'databaseBusy',
      retryAfter: expect.any(Number),
    });
  });
});
