import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { talqRequestIds } from './talq.table.ts';

/**
 * How long a request id is remembered: a gateway repeats a request whose answer it missed after its retry period
 * (GatewayFunction.gatewayRetryPeriod, seconds to minutes), and gives up long before a day has passed.
 */
export const REQUEST_ID_KEPT_MS = 24 * 3600_000;
/** how often this process deletes the ids past their time, at most */
const PRUNE_EVERY_MS = 60_000;

/**
 * The `talqRequestId`s of a gateway's requests, in the database so that every server process on it knows them: a
 * request claims its id before it stores anything, and one whose id is claimed already is a repeat.
 */
export class TalqRequestIds {
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** True when the id is this gateway's first use of it (within REQUEST_ID_KEPT_MS), false for a repeat. */
  async claim(gatewayId: number, requestId: string): Promise<boolean> {
    await this.prune();
    const at = this.now();
    // an id kept past its time (not yet pruned) is free again
    const claimed = await this.db
      .insert(talqRequestIds)
      .values({ gatewayId, requestId: requestId.toLowerCase(), at })
      .onConflictDoUpdate({
        target: [talqRequestIds.gatewayId, talqRequestIds.requestId],
        set: { at },
        setWhere: lt(talqRequestIds.at, new Date(at.getTime() - REQUEST_ID_KEPT_MS)),
      })
      .returning({ id: talqRequestIds.requestId });
    return claimed.length === 1;
  }

  /** Gives a claimed id back: its request stored nothing, and the gateway may send it again. */
  async release(gatewayId: number, requestId: string) {
    await this.db
      .delete(talqRequestIds)
      .where(
        and(eq(talqRequestIds.gatewayId, gatewayId), eq(talqRequestIds.requestId, requestId.toLowerCase())),
      );
  }

  private async prune() {
    const now = this.now().getTime();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.db.delete(talqRequestIds).where(lt(talqRequestIds.at, new Date(now - REQUEST_ID_KEPT_MS)));
  }
}
