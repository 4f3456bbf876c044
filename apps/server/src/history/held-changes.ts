import { entity, type Entity, type Field } from '@sl/domain';
type Row = Record<string, unknown>;
type FieldChange = { from?: unknown; to?: unknown };
type Written = { row: { _id: number } & Row; changes: Record<string, FieldChange> };
/** An entry of the log on a record that another one took in or let go (a module in a mounting's socket). */
export type HeldEntry = {
  entity: Entity;
  recordId: number;
  /** the holder's group: the held record is seen by whoever sees where it is */
  groupId: number | null;
  changes: Record<string, FieldChange>;
};

/**
 * Where a record holds others in a list of objects (a mounting's sockets name modules and lamps) and the held
 * entity names its holder back (a module's `luminarySupport`): the list field, the key in its items, the held
 * entity and its field naming the holder. Read from the declarations, so a new holder needs none of its own.
 */
function holdings(e: Entity) {
  const out: { list: string; key: string; held: Entity; back: string }[] = [];
  for (const [list, field] of Object.entries(e.fields)) {
    if (field.kind !== 'list' || field.of.kind !== 'object') continue;
    for (const [key, sub] of Object.entries(field.of.fields)) {
      if (sub.kind !== 'ref') continue;
      const held = entity(sub.entity);
      const back = Object.entries(held.fields).find(
        ([, f]: [string, Field]) => f.kind === 'ref' && f.entity === e.name,
      )?.[0];
      if (back) out.push({ list, key, held, back });
    }
  }
  return out;
}

const idsIn = (items: unknown, key: string) =>
  new Set(
    (Array.isArray(items) ? items : []).flatMap((item) => {
      const id = (item as Row | null)?.[key];
      return typeof id === 'number' ? [id] : [];
    }),
  );

/**
 * The entries a write of holders means for the records they hold: one taken in reads `{back: {from: null, to:
 * holder}}`, one let go `{back: {from: holder, to: null}}`. A removed holder lets go of all it held.
 */
export function heldEntries(
  e: Entity,
  removed: boolean,
  entries: Written[],
  groupOf: (row: Written['row']) => number | null,
): HeldEntry[] {
  const out: HeldEntry[] = [];
  for (const { list, key, held, back } of holdings(e))
    for (const { row, changes } of entries) {
      const change = removed ? { from: row[list], to: [] } : changes[list];
      if (!change) continue;
      const before = idsIn(change.from, key);
      const after = idsIn(change.to, key);
      const entry = (id: number, change: FieldChange) =>
        out.push({ entity: held, recordId: id, groupId: groupOf(row), changes: { [back]: change } });
      for (const id of after) if (!before.has(id)) entry(id, { from: null, to: row._id });
      for (const id of before) if (!after.has(id)) entry(id, { from: row._id, to: null });
    }
  return out;
}
