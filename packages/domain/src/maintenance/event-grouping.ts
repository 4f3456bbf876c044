// How a storm of events becomes a few work orders (issue 32): one order per event type, group, street and cabinet.

export type OrderableEvent = {
  id: number;
  type: string;
  group: number | null;
  support: number | null;
  module: number | null;
  controller: number | null;
  /** the cabinet that feeds the event's device (the grouping's), and the cabinet the event is about, if any */
  cabinet: number | null;
  ownCabinet: number | null;
  /** the street of the event's mounting (or of its controller's cabinet) */
  street: string | null;
};

export type EventBatch = {
  type: string;
  group: number | null;
  street: string | null;
  cabinet: number | null;
  events: number[];
  supports: number[];
  modules: number[];
  cabinets: number[];
};

// `includes` over a batch's list: a batch is a street's devices, tens, not thousands
const pushOnce = (batch: EventBatch, list: 'supports' | 'modules' | 'cabinets', id: number | null) => {
  if (id != null && !batch[list].includes(id)) batch[list].push(id);
};

/** Events added one at a time into batches, in the order their first events came; each names every device once. */
export class EventGrouping {
  private readonly byKey = new Map<string, EventBatch>();

  add(e: OrderableEvent) {
    const street = e.street?.trim() || null;
    const key = `${e.type}\u0000${e.group}\u0000${street?.toLowerCase() ?? ''}\u0000${e.cabinet}`;
    let batch = this.byKey.get(key);
    if (!batch) {
      batch = {
        type: e.type,
        group: e.group,
        street,
        cabinet: e.cabinet,
        events: [],
        supports: [],
        modules: [],
        cabinets: [],
      };
      this.byKey.set(key, batch);
    }
    batch.events.push(e.id);
    pushOnce(batch, 'supports', e.support);
    pushOnce(batch, 'modules', e.module);
    pushOnce(batch, 'cabinets', e.ownCabinet);
  }

  batches(): EventBatch[] {
    return [...this.byKey.values()];
  }
}

/** The events in batches, one per event type, group, street and cabinet. */
export function groupEvents(events: readonly OrderableEvent[]): EventBatch[] {
  const grouping = new EventGrouping();
  for (const e of events) grouping.add(e);
  return grouping.batches();
}
