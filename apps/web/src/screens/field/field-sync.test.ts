import { describe, expect, it } from 'vitest';
import type { WorkOrderStatus } from '@sl/domain';
import { FieldHttpError, type FieldOrder } from './field-api.ts';
import {
  localStatus,
  notesWith,
  sendQueue,
  type Conflict,
  type FieldAction,
  type QueueStore,
} from './field-sync.ts';

/** The phone's storage as the sender sees it, in memory. */
function memoryStore(actions: Omit<FieldAction, 'key' | 'at'>[]) {
  const queue: FieldAction[] = actions.map((a, i) => ({ ...a, key: i + 1, at: '2026-01-01T00:00:00Z' }));
  const conflicts = new Map<number, Conflict>();
  const orders = new Map<number, Partial<FieldOrder>>();
  const store: QueueStore = {
    queued: async () => [...queue],
    conflicts: async () => [...conflicts.values()],
    sent: async (action, order) => {
      queue.splice(queue.indexOf(action), 1);
      orders.set(action.orderId, order);
    },
    refused: async (action, conflict) => {
      queue.splice(queue.indexOf(action), 1);
      conflicts.set(conflict.orderId, conflict);
    },
  };
  return { store, queue, conflicts, orders };
}

/** A server holding orders in states; an action it may not take is refused as the API refuses it. */
function server(states: Record<number, WorkOrderStatus | 'gone'>, down?: () => Error | undefined) {
  const applied: string[] = [];
  return {
    applied,
    apply: async (a: FieldAction) => {
      const trouble = down?.();
      if (trouble) throw trouble;
      const now = states[a.orderId];
      if (now === 'gone' || now === undefined) throw new FieldHttpError(404, 'Not found');
      const to: WorkOrderStatus = a.kind === 'start' ? 'IN_PROGRESS' : 'DONE';
      const allowed = a.kind === 'start' ? ['ASSIGNED', 'REOPENED', 'IN_PROGRESS'] : ['IN_PROGRESS', 'DONE'];
      if (!allowed.includes(now)) throw new FieldHttpError(400, 'Invalid value');
      states[a.orderId] = to;
      applied.push(`${a.orderId}:${a.kind}`);
      return { _id: a.orderId, status: to };
    },
    current: async (id: number) => {
      const now = states[id];
      return now === 'gone' || now === undefined ? undefined : { status: now };
    },
  };
}

const title = (id: number) => `Order ${id}`;

describe('the queue of actions taken offline', () => {
  it('sends them in the order they were taken, each kept as the server answered', async () => {
    const { store, queue, orders } = memoryStore([
      { orderId: 1, kind: 'start' },
      { orderId: 2, kind: 'start' },
      { orderId: 1, kind: 'done', note: 'new lamp' },
    ]);
    const s = server({ 1: 'ASSIGNED', 2: 'REOPENED' });
    expect(await sendQueue(store, s, title)).toEqual({ sent: 3, refused: 0 });
    expect(s.applied).toEqual(['1:start', '2:start', '1:done']);
    expect(queue).toEqual([]);
    expect(orders.get(1)).toEqual({ _id: 1, status: 'DONE' });
  });

  it('makes a refusal the order’s conflict, with its later actions, and sends the other orders’ actions', async () => {
    const { store, queue, conflicts } = memoryStore([
      { orderId: 1, kind: 'start' },
      { orderId: 2, kind: 'start' },
      { orderId: 1, kind: 'done' },
      { orderId: 3, kind: 'start' },
    ]);
    const s = server({ 1: 'CANCELLED', 2: 'ASSIGNED', 3: 'gone' });
    expect(await sendQueue(store, s, title)).toEqual({ sent: 1, refused: 2 });
    expect(s.applied).toEqual(['2:start']);
    expect(queue).toEqual([]);
    expect(conflicts.get(1)).toMatchObject({
      title: 'Order 1',
      message: 'Invalid value',
      status: 'CANCELLED',
      gone: false,
      actions: [
        { orderId: 1, kind: 'start' },
        { orderId: 1, kind: 'done' },
      ],
    });
    expect(conflicts.get(3)).toMatchObject({ status: null, gone: true, actions: [{ kind: 'start' }] });
  });

  it('stops without losing anything when the network, the session or the server fails', async () => {
    for (const [trouble, stopped] of [
      [new TypeError('Failed to fetch'), 'offline'],
      [new FieldHttpError(401, 'Unauthorized'), 'signedOut'],
      [new FieldHttpError(503, 'Busy'), 'server'],
    ] as const) {
      const { store, queue, conflicts } = memoryStore([
        { orderId: 1, kind: 'start' },
        { orderId: 1, kind: 'done' },
      ]);
      let calls = 0;
      const s = server({ 1: 'ASSIGNED' }, () => (++calls === 2 ? trouble : undefined));
      expect(await sendQueue(store, s, title)).toEqual({ sent: 1, refused: 0, stopped });
      expect(queue.map((a) => a.kind)).toEqual(['done']);
      expect(conflicts.size).toBe(0);
    }
  });
});

describe('what the phone shows meanwhile', () => {
  it('moves the status on by what waits to be sent', () => {
    expect(localStatus('ASSIGNED', [])).toBe('ASSIGNED');
    const at = '2026-01-01T00:00:00Z';
    expect(localStatus('ASSIGNED', [{ orderId: 1, kind: 'start', at }])).toBe('IN_PROGRESS');
    expect(
      localStatus('REOPENED', [
        { orderId: 1, kind: 'start', at },
        { orderId: 1, kind: 'done', at },
      ]),
    ).toBe('DONE');
    // a part replaced after the start leaves the order in progress
    const part = { kind: 'LAMP' as const, luminary: 7, replacedOn: '2026-01-01' };
    expect(
      localStatus('ASSIGNED', [
        { orderId: 1, kind: 'start', at },
        { orderId: 1, kind: 'replace', part, at },
      ]),
    ).toBe('IN_PROGRESS');
  });

  it('adds the note after the notes the order has', () => {
    expect(notesWith(null, ' replaced the driver ')).toBe('replaced the driver');
    expect(notesWith('Pole leans', 'replaced the driver')).toBe('Pole leans\nreplaced the driver');
    expect(notesWith('Pole leans', '  ')).toBeUndefined();
  });
});
