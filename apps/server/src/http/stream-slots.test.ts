import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../auth/caller.ts';
import { StreamSlots } from './stream-slots.ts';

const user = (userId: number): Caller => ({ userId, allows: () => true });

/** An endless source that says when it was left (its cursor given back). */
function endless() {
  const state = { finished: false };
  async function* source() {
    try {
      for (;;) yield 'x'.repeat(1000);
    } finally {
      state.finished = true;
    }
  }
  return { state, start: async () => source() };
}

/** A client that takes `take` chunks, then stops reading without leaving. */
const stopsAfter = (take: number) =>
  new Writable({
    highWaterMark: 1,
    write(_chunk, _enc, done) {
      if (take-- > 0) done();
    },
  });

const limits = { perUser: 2, total: 3, deadlineMs: 60_000, stallMs: 60_000 };

describe('StreamSlots', () => {
  it('refuses beyond the per-user and total limits with 429 and Retry-After, and frees a slot on close', async () => {
    const slots = new StreamSlots(limits);
    const a = [await slots.stream(user(1), endless().start), await slots.stream(user(1), endless().start)];
    await expect(slots.stream(user(1), endless().start)).rejects.toMatchObject({
      status: 429,
      code: 'ServiceConnectionError',
      reason: 'tooManyStreams',
      retryAfter: expect.any(Number),
    });
    await slots.stream(user(2), endless().start);
    await expect(slots.stream(user(3), endless().start)).rejects.toMatchObject({ status: 429 });
    a[0]!.destroy();
    await new Promise((resolve) => a[0]!.once('close', resolve));
    await expect(slots.stream(user(3), endless().start)).resolves.toBeDefined();
    await slots.closeAll();
  });

  it('gives the slot back when the source cannot start', async () => {
    const slots = new StreamSlots({ ...limits, perUser: 1 });
    await expect(slots.stream(user(1), () => Promise.reject(new Error('no database')))).rejects.toThrow();
    await expect(slots.stream(user(1), endless().start)).resolves.toBeDefined();
    await slots.closeAll();
  });

  it('cuts a stream whose client stopped reading, and leaves its source', async () => {
    const slots = new StreamSlots({ ...limits, stallMs: 100 });
    const { state, start } = endless();
    const stream = await slots.stream(user(1), start);
    await expect(pipeline(stream, stopsAfter(3))).rejects.toMatchObject({
      code: 'TimeOut',
      reason: 'streamStalled',
    });
    expect(state.finished).toBe(true);
  });

  it('cuts a stream at its deadline however fast its client reads', async () => {
    const slots = new StreamSlots({ ...limits, deadlineMs: 200 });
    const { state, start } = endless();
    const stream = await slots.stream(user(1), start);
    const reader = new Writable({ write: (_chunk, _enc, done) => setTimeout(done, 1) });
    await expect(pipeline(stream, reader)).rejects.toMatchObject({
      code: 'TimeOut',
      reason: 'streamDeadline',
    });
    expect(state.finished).toBe(true);
  });

  it('ends every open stream when the server closes', async () => {
    const slots = new StreamSlots(limits);
    const sources = [endless(), endless()];
    const streams = await Promise.all(sources.map((s, i) => slots.stream(user(i), s.start)));
    streams.forEach((s) => s.pipe(stopsAfter(1)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await slots.closeAll();
    expect(streams.every((s) => s.destroyed)).toBe(true);
    expect(sources.every((s) => s.state.finished)).toBe(true);
  });
});
