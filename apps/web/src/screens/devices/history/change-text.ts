import { useLocaleState, useTranslate } from 'react-admin';
import { entity, fieldLabel, formatNumber, positionCount, type Field, type Language } from '@sl/domain';
import { useValueText } from '../../../resources/value-text.ts';
import { sl } from '../../../i18n/messages.ts';

/** entity → id → name, as the history answer gives them */
export type Names = Record<string, Record<string, string>>;
type Row = Record<string, unknown>;

const EMPTY = '—';
const isEmpty = (v: unknown) => v == null || v === '' || (Array.isArray(v) && !v.length);

/**
 * A field's value in an operator's words, by its declaration (issue 28 §4): a reference by the record's name, a
 * point as latitude and longitude, an object or a list item by its declared parts, a shape by its size. Never JSON.
 */
export function useChangeText(entityName: string, names: Names) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale as Language;
  const valueText = useValueText();
  const text = (field: Field, value: unknown): string => {
    if (isEmpty(value)) return EMPTY;
    switch (field.kind) {
      case 'ref':
        return names[field.entity]?.[String(value)] ?? `#${String(value)}`;
      case 'refs':
        return (value as unknown[]).map((id) => text({ kind: 'ref', entity: field.entity }, id)).join(', ');
      case 'point': {
        const [lng, lat] = ((value as { coordinates?: number[] }).coordinates ?? []) as number[];
        if (typeof lat !== 'number' || typeof lng !== 'number') return EMPTY;
        return `${formatNumber(lat, lang, 6)}, ${formatNumber(lng, lang, 6)}`;
      }
      case 'object':
        return parts(field.fields, value as Row) || EMPTY;
      case 'list': {
        const items = value as unknown[];
        // records (sockets) numbered, plain values (a sequence) as a row
        if (field.of.kind !== 'object') return items.map((item) => text(field.of, item)).join(', ');
        return items.map((item, i) => `${i + 1}) ${text(field.of, item)}`).join('; ');
      }
      case 'json': {
        const points = positionCount((value as { coordinates?: unknown }).coordinates);
        return points ? translate(sl('historyShape'), { smart_count: points }) : translate(sl('historyData'));
      }
      default:
        return typeof value === 'object' ? translate(sl('historyData')) : valueText(field, value) || EMPTY;
    }
  };
  const parts = (fields: Record<string, Field>, value: Row) =>
    Object.entries(fields)
      .filter(([k, f]) => !isEmpty(value?.[k]) && !f.readOnly)
      .map(([k, f]) => `${fieldLabel(k, lang, entityName)}: ${text(f, value[k])}`)
      .join(', ');
  const fields: Record<string, Field> = entity(entityName).fields;
  return (name: string, value: unknown) => {
    const field = fields[name];
    if (!field)
      return isEmpty(value)
        ? EMPTY
        : typeof value === 'object'
          ? translate(sl('historyData'))
          : String(value);
    return text(field, value);
  };
}
