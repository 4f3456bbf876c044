import type { Entity } from './entity.ts';
import type { Language } from './errors.ts';

/**
 * How an operator names a record: its declared title field, in their language where it has one per language (a
 * city), else its UID (a lamp is named only now and then), else its number.
 */
export function recordTitle(e: Entity, record: Record<string, unknown>, lang: Language): string {
  const value = record[e.titleField!];
  if (value && typeof value === 'object') {
    const names = value as Partial<Record<string, string>>;
    const name = names[lang] || names['en-us'] || names.int || names.local;
    if (name) return name;
  } else if (value != null && value !== '') return String(value);
  return record.uid ? String(record.uid) : `#${String(record._id ?? '')}`;
}
