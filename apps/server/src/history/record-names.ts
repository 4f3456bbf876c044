import { entity, groupBy, recordTitle, type Field, type Language } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { collectLinks } from '../entities/references.ts';

/** Entity name → record id → what the operator calls that record, in their language. */
export type Names = Record<string, Record<string, string>>;
export type Link = { entity: string; id: number };

/**
 * The names of the records these links point at, as far as the caller may see them (deleted ones too: a log names
 * what was there then). One read per entity; a record outside the caller's scope stays unnamed.
 */
export async function namesOf(service: EntityService, caller: Caller, lang: Language, links: Link[]) {
  const names: Names = {};
  for (const [name, group] of groupBy(links, (l) => l.entity)) {
    const e = entity(name);
    const ids = [...new Set(group.map((l) => l.id))];
    const rows = await service.byIds(e, caller, ids);
    names[name] = Object.fromEntries(rows.map((r) => [String(r._id), recordTitle(e, r, lang)]));
  }
  return names;
}

/** The links held in the old and new values of changed fields, by the declaration of `entityName`. */
export function linksInChanges(
  entityName: string,
  changes: Record<string, { from?: unknown; to?: unknown }>[],
): Link[] {
  const fields: Record<string, Field> = entity(entityName).fields;
  return changes.flatMap((c) =>
    Object.entries(c).flatMap(([name, change]) => {
      const field = fields[name];
      if (!field) return [];
      return [change.from, change.to].flatMap((v) => collectLinks({ [name]: field }, { [name]: v }));
    }),
  );
}
