import { entity, type Entity, type Language } from '@sl/domain';
import type { Scope } from './conditions.ts';
import type { Names } from './export-columns.ts';
import type { EntityRepository } from './entity.repository.ts';
import { collectLinks } from './references.ts';
import type { ApiRow } from './row-mapper.ts';

/**
 * The titles of every record a batch refers to, read in the caller's scope: a reference to another group's
 * record stays blank rather than telling its name.
 */
export async function namesOf(
  repo: EntityRepository,
  e: Entity,
  scope: Scope,
  rows: readonly ApiRow[],
  lang: Language,
): Promise<Names> {
  const wanted = new Map<string, Set<number>>();
  for (const row of rows)
    for (const link of collectLinks(e.fields, row)) {
      if (!wanted.has(link.entity)) wanted.set(link.entity, new Set());
      wanted.get(link.entity)!.add(link.id);
    }
  const names: Names = new Map();
  for (const [name, ids] of wanted) {
    const target = entity(name);
    const found = await repo.byIds(target, scope, [...ids]);
    names.set(name, new Map(found.map((r) => [r._id, titleOf(target, r, lang)])));
  }
  return names;
}

/** A record's title field; one named per language (a city) in the caller's. */
function titleOf(e: Entity, row: ApiRow, lang: Language): string {
  const value = row[e.titleField!];
  if (value && typeof value === 'object') {
    const byLang = value as Partial<Record<Language, string>>;
    return byLang[lang] ?? byLang['en-us'] ?? '';
  }
  return value == null ? '' : String(value);
}
