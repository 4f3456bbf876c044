import type { Entity } from './entity.ts';
import type { Language } from './errors.ts';
import { VALUE_MESSAGES } from './value-labels.ts';

/**
 * How an operator names a record: its declared title field, in their language where it has one per language (a
 * city) or where it is one of a list of values (an event's type: "Lamp failure", not `LAMP_BROKEN`), else its UID (a
 * lamp is named only now and then), else its number.
 */
export function recordTitle(e: Entity, record: Record<string, unknown>, lang: Language): string {
  const value = record[e.titleField!];
  if (value && typeof value === 'object') {
    const names = value as Partial<Record<string, string>>;
    const name = names[lang] || names['en-us'] || names.int || names.local;
    if (name) return name;
  } else if (value != null && value !== '') {
    const words: Partial<Record<string, string>> = VALUE_MESSAGES[lang];
    return (e.fields[e.titleField!]?.kind === 'enum' && words[String(value)]) || String(value);
  }
  return record.uid ? String(record.uid) : `#${String(record._id ?? '')}`;
}
