import type { Area, Flag, UserType } from '@sl/domain';
import type { Scope } from '../entities/conditions.ts';

/** Who is asking, whose rows they see (scope), and what else they may do. */
export type Caller = Scope & {
  userId?: number;
  /** the caller's own session, which a change of their own password keeps */
  sessionId?: string;
  login?: string;
  type?: UserType;
  allows(area: Area, flag: Flag, groupOwned?: boolean): boolean;
};

/** The server acting for itself (first start, seeding): every group, every right. */
export const SYSTEM: Caller = { allows: () => true };
