import type { WorkOrderStatus } from '@sl/domain';
import { FieldHttpError, type FieldOrder, type PartReplaced } from './field-api.ts';

// What a crew member did on the phone waits in the phone's storage until the server has it: sent in the order it
// was done; an action the server refuses (the order was cancelled or given to another crew meanwhile) becomes the
// order's conflict, shown until the user has read it, never dropped.

export type FieldAction = {
  /** the queue's own key, in the order the actions were taken */
  key?: number;
  orderId: number;
  kind: 'start' | 'done' | 'replace';
  note?: string;
  /** what was replaced (kind `replace`) */
  part?: PartReplaced;
  at: string;
};

export type Conflict = {
  orderId: number;
  title: string;
  /** the server's word, in the user's language */
  message: string;
  /** the order's state on the server when it refused, when it could be asked */
  status: WorkOrderStatus | null;
  /** the server no longer shows the order to this user (given to another crew, or removed) */
  gone: boolean;
  actions: FieldAction[];
  at: string;
};

export type QueueStore = {
  queued(): Promise<FieldAction[]>;
  conflicts(): Promise<Conflict[]>;
  /** the action went through: out of the queue, and the order kept as the server now has it */
  sent(action: FieldAction, order: Partial<FieldOrder>): Promise<void>;
  /** the server refused it: out of the queue and into the order's conflict, in one step */
  refused(action: FieldAction, conflict: Conflict): Promise<void>;
};

export type OrderServer = {
  apply(action: FieldAction): Promise<Partial<FieldOrder>>;
  /** the order as the server has it now; undefined when the caller may not see it */
  current(orderId: number): Promise<Partial<FieldOrder> | undefined>;
};

/** Why sending stopped with actions still waiting: no network, no session, or the server in trouble. */
export type Stopped = 'offline' | 'signedOut' | 'server';
export type SendResult = { sent: number; refused: number; stopped?: Stopped };

const REFUSALS = [400, 403, 404, 409, 410];

/** Whether an error is the server's refusal of the action itself, or why to stop and try again later. */
export function refusalOf(err: unknown): 'refused' | Stopped {
  if (!(err instanceof FieldHttpError)) return 'offline';
  if (err.status === 401) return 'signedOut';
  return REFUSALS.includes(err.status) ? 'refused' : 'server';
}

/** The status an order shows on the phone: the server's, moved on by what still waits to be sent. */
export function localStatus(status: WorkOrderStatus, waiting: FieldAction[]): WorkOrderStatus {
  // a part replaced leaves the order where it is
  const last = waiting.filter((a) => a.kind !== 'replace').at(-1);
  if (!last) return status;
  return last.kind === 'start' ? 'IN_PROGRESS' : 'DONE';
}

/** What the crew member wrote when marking it done, after what the order's notes already say. */
export const notesWith = (notes: string | null | undefined, note: string | undefined) =>
  note?.trim() ? (notes?.trim() ? `${notes.trim()}\n${note.trim()}` : note.trim()) : undefined;

/** Sends what waits, in order, until it is all sent or sending has to stop. */
export async function sendQueue(
  store: QueueStore,
  server: OrderServer,
  titleOf: (orderId: number) => string,
): Promise<SendResult> {
  const result: SendResult = { sent: 0, refused: 0 };
  for (const action of await store.queued()) {
    // after a refusal the order's later actions would be refused too, or done on an order that is not the one
    // the crew member saw: they join the conflict for the user to read
    const open = (await store.conflicts()).find((c) => c.orderId === action.orderId);
    if (open) {
      await store.refused(action, { ...open, actions: [...open.actions, action] });
      continue;
    }
    try {
      await store.sent(action, await server.apply(action));
      result.sent += 1;
    } catch (err) {
      const why = refusalOf(err);
      if (why !== 'refused') return { ...result, stopped: why };
      const now = await server.current(action.orderId).catch(() => undefined);
      await store.refused(action, {
        orderId: action.orderId,
        title: titleOf(action.orderId),
        message: (err as Error).message,
        status: (now?.status as WorkOrderStatus | undefined) ?? null,
        gone: err instanceof FieldHttpError && err.status === 404,
        actions: [action],
        at: new Date().toISOString(),
      });
      result.refused += 1;
    }
  }
  return result;
}
