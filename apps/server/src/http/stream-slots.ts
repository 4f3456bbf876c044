import { Readable } from 'node:stream';
import type { Caller } from '../auth/caller.ts';
import { ApiError } from './api-error.ts';

/**
 * How many answers written as they are read (exports, unpaged lists) may be open: each holds a database
 * connection (its cursor) for as long as it runs, so they are counted, and cut when they run too long.
 */
export type StreamLimits = {
  /** open at once per user (the demo user is one user, whoever signs in as it) */
  perUser: number;
  /** open at once in this process: below the pool's size, so that other requests still find connections */
  total: number;
  /** the longest a stream may run */
  deadlineMs: number;
  /** the longest a stream waits for its client to take what it wrote */
  stallMs: number;
};

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perUser: 2,
  total: 5,
  deadlineMs: 600_000,
  stallMs: 60_000,
};

// a refused stream is worth asking again once a download of a few seconds may have ended
const RETRY_AFTER_S = 5;

export class StreamSlots {
  private readonly open = new Set<Readable>();
  private readonly byUser = new Map<string, number>();

  constructor(private readonly limits: StreamLimits = DEFAULT_STREAM_LIMITS) {}

  /**
   * The text `start` makes, as a stream counted against the caller's and this process's limits (429 with
   * Retry-After beyond them); the slot is taken before `start` runs its first query, and given back once the
   * stream has closed, its source's connection released.
   */
  async stream(caller: Caller, start: () => Promise<AsyncIterable<string>>): Promise<Readable> {
    const user = String(caller.userId ?? caller.login ?? 'anonymous');
    const mine = this.byUser.get(user) ?? 0;
    const taken = [...this.byUser.values()].reduce((a, b) => a + b, 0);
    if (mine >= this.limits.perUser || taken >= this.limits.total)
      throw new ApiError('ServiceConnectionError', undefined, {
        status: 429,
        reason: 'tooManyStreams',
        retryAfter: RETRY_AFTER_S,
      });
    this.byUser.set(user, mine + 1);
    const release = () => {
      const left = (this.byUser.get(user) ?? 1) - 1;
      if (left > 0) this.byUser.set(user, left);
      else this.byUser.delete(user);
    };
    let source: AsyncIterable<string>;
    try {
      source = await start();
    } catch (err) {
      release();
      throw err;
    }
    const cut = (reason: string) => stream.destroy(new ApiError('TimeOut', undefined, { reason }));
    // one chunk waits at a time: the source is not read ahead of a client that does not read
    const stream: Readable = Readable.from(watched(source, this.limits.stallMs, cut), { highWaterMark: 1 });
    const deadline = setTimeout(() => cut('streamDeadline'), this.limits.deadlineMs);
    this.open.add(stream);
    // 'close' comes once the source has finished (its cursor rolled back and its connection released)
    stream.once('close', () => {
      clearTimeout(deadline);
      this.open.delete(stream);
      release();
    });
    return stream;
  }

  /** Ends every open stream (the server is closing: it would otherwise wait for the slowest download). */
  async closeAll(): Promise<void> {
    const closing = [...this.open].map(
      (s) => new Promise<void>((resolve) => (s.closed ? resolve() : s.once('close', () => resolve()))),
    );
    for (const s of this.open) s.destroy();
    await Promise.all(closing);
  }
}

/** The source, cut when its client has not taken a chunk within `stallMs` (it stopped reading). */
async function* watched(
  source: AsyncIterable<string>,
  stallMs: number,
  cut: (reason: string) => void,
): AsyncGenerator<string> {
  for await (const chunk of source) {
    const stalled = setTimeout(() => cut('streamStalled'), stallMs);
    try {
      yield chunk;
    } finally {
      clearTimeout(stalled);
    }
  }
}
