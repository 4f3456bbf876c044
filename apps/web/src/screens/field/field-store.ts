import type { FieldDay, FieldOrder } from './field-api.ts';
import type { Conflict, FieldAction, QueueStore } from './field-sync.ts';

// The phone's copy of the day (IndexedDB, one database per login, so a phone shared by two crew members never
// sends one's actions in the other's name): the orders with their devices as last loaded, the actions waiting to be
// sent, in order, and the conflicts the user has not read yet.

const DAY = 'day';
const QUEUE = 'queue';
const CONFLICTS = 'conflicts';
const DAY_KEY = 'day';

export type KeptDay = { day: FieldDay; savedAt: string };

const result = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });

function openDatabase(login: string): Promise<IDBDatabase> {
  const req = indexedDB.open(`sl-field-${login}`, 1);
  req.onupgradeneeded = () => {
    const db = req.result;
    db.createObjectStore(DAY);
    db.createObjectStore(QUEUE, { keyPath: 'key', autoIncrement: true });
    db.createObjectStore(CONFLICTS, { keyPath: 'orderId' });
  };
  return result(req);
}

/** The order as the server answered it, over the kept one (the devices are the day's, not in the answer). */
const answered = (kept: FieldOrder, row: Partial<FieldOrder>): FieldOrder => ({
  ...kept,
  ...(row.status && { status: row.status }),
  ...(row.notes !== undefined && { notes: row.notes }),
  ...(row.reason !== undefined && { reason: row.reason }),
  ...(row.updatedAt && { updatedAt: row.updatedAt }),
});

export class FieldStorage implements QueueStore {
  private constructor(private readonly db: IDBDatabase) {}

  static async open(login: string) {
    return new FieldStorage(await openDatabase(login));
  }

  async keptDay(): Promise<KeptDay | undefined> {
    return result(this.db.transaction(DAY).objectStore(DAY).get(DAY_KEY)) as Promise<KeptDay | undefined>;
  }

  async keepDay(day: FieldDay): Promise<KeptDay> {
    const kept = { day, savedAt: new Date().toISOString() };
    const tx = this.db.transaction(DAY, 'readwrite');
    tx.objectStore(DAY).put(kept, DAY_KEY);
    await finished(tx);
    return kept;
  }

  async enqueue(action: FieldAction) {
    const tx = this.db.transaction(QUEUE, 'readwrite');
    tx.objectStore(QUEUE).add(action);
    await finished(tx);
  }

  queued(): Promise<FieldAction[]> {
    // keys ascend: the order the actions were taken in
    return result(this.db.transaction(QUEUE).objectStore(QUEUE).getAll()) as Promise<FieldAction[]>;
  }

  conflicts(): Promise<Conflict[]> {
    return result(this.db.transaction(CONFLICTS).objectStore(CONFLICTS).getAll()) as Promise<Conflict[]>;
  }

  async sent(action: FieldAction, order: Partial<FieldOrder>) {
    const tx = this.db.transaction([QUEUE, DAY], 'readwrite');
    tx.objectStore(QUEUE).delete(action.key!);
    const days = tx.objectStore(DAY);
    const kept = (await result(days.get(DAY_KEY))) as KeptDay | undefined;
    if (kept) {
      const orders = kept.day.orders.map((o) => (o._id === action.orderId ? answered(o, order) : o));
      days.put({ ...kept, day: { ...kept.day, orders } }, DAY_KEY);
    }
    await finished(tx);
  }

  async refused(action: FieldAction, conflict: Conflict) {
    const tx = this.db.transaction([QUEUE, CONFLICTS], 'readwrite');
    tx.objectStore(CONFLICTS).put(conflict);
    tx.objectStore(QUEUE).delete(action.key!);
    await finished(tx);
  }

  /** The user has read the conflict: it goes. */
  async dismiss(orderId: number) {
    const tx = this.db.transaction(CONFLICTS, 'readwrite');
    tx.objectStore(CONFLICTS).delete(orderId);
    await finished(tx);
  }
}
