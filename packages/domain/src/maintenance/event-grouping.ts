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

const pushOnce = (list: number[], id: number | null) => {
  if (id != null && !list.includes(id)) list.push(id);
};

/** The events in batches, in the order their first events came; each batch names every device once. */
export function groupEvents(events: readonly OrderableEvent[]): EventBatch[] {
  const batches = new Map<string, EventBatch>();
  for (const e of events) {
    const street = e.street?.trim() || null;
    const key = JSON.stringify([e.type, e.group, street?.toLowerCase() ?? null, e.cabinet]);
    let batch = batches.get(key);
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
      batches.set(key, batch);
    }
    pushOnce(batch.events, e.id);
    pushOnce(batch.supports, e.support);
    pushOnce(batch.modules, e.module);
    pushOnce(batch.cabinets, e.ownCabinet);
  }
  return [...batches.values()];
}
