import {
  fieldLabel,
  PHASES,
  roundCoordinate,
  twilightOfCode,
  UNIT_SYMBOLS,
  VALUE_MESSAGES,
  type Entity,
  type Field,
  type Language,
} from '@sl/domain';

// The columns of an export as an operator reads them: labels in their language, references by name, a point as
// latitude and longitude, numbers with the language's decimal mark and unit rule, times in their time zone.

type Row = Record<string, unknown>;
/** Titles of the referenced records of a batch: entity name → id → title. */
export type Names = Map<string, Map<number, string>>;
export type Column = { header: string; cell(row: Row, names: Names): string };
export type ExportFormat = { lang: Language; timeZone: string };

const YES_NO: Record<Language, readonly [string, string]> = { 'en-us': ['No', 'Yes'], ru: ['Нет', 'Да'] };

export function exportColumns(e: Entity, format: ExportFormat): Column[] {
  const label = (name: string) => fieldLabel(name, format.lang, e.name);
  const text = cellText(format);
  const out: Column[] = [];
  for (const [name, field] of Object.entries(e.fields)) {
    if (field.writeOnly || field.kind === 'json') continue;
    if (field.kind === 'point') {
      for (const [part, i] of [
        ['lat', 1],
        ['lon', 0],
      ] as const)
        out.push({
          header: name === 'location' ? label(part) : `${label(name)}: ${label(part)}`,
          cell: (row) => {
            const at = (row[name] as { coordinates?: number[] } | null)?.coordinates?.[i];
            return at == null ? '' : decimal(roundCoordinate(at), format.lang);
          },
        });
      continue;
    }
    const unit = field.show && 'unit' in field.show ? UNIT_SYMBOLS[field.show.unit][format.lang] : undefined;
    out.push({
      header: unit ? `${label(name)}, ${unit}` : label(name),
      cell: (row, names) => text(field, row[name], names),
    });
  }
  return out;
}

/** A number as the language writes it in a spreadsheet cell: its decimal mark, no grouping. */
const decimal = (n: number, lang: Language) => (lang === 'ru' ? String(n).replace('.', ',') : String(n));

function cellText({ lang, timeZone }: ExportFormat) {
  // sv-SE writes 2026-11-23 14:05:09, which spreadsheets in both languages read as a time
  const time = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  // an enum value by its name in the language, as the console shows it
  const words: Record<string, string> = VALUE_MESSAGES[lang];
  const word = (v: unknown) => words[String(v)] ?? String(v);
  const text = (field: Field, value: unknown, names: Names): string => {
    if (value == null) return '';
    const rule = field.show;
    if (rule && typeof value === 'number') {
      if ('unit' in rule) {
        const factor = 10 ** (rule.decimals ?? 2);
        return decimal(Math.round((value / (rule.divisor ?? 1)) * factor) / factor, lang);
      }
      if (rule.rule === 'phase') return PHASES[value as 1 | 2 | 3] ?? String(value);
      if (rule.rule === 'twilight') {
        const t = twilightOfCode(value);
        if (!t) return String(value);
        return t.speed ? `${word(t.method)} (${word('twilightFast')})` : word(t.method);
      }
    }
    switch (field.kind) {
      case 'ref':
        return names.get(field.entity)?.get(value as number) ?? '';
      case 'refs':
        return (value as number[]).map((id) => names.get(field.entity)?.get(id) ?? '').join(', ');
      case 'int':
      case 'float':
        return typeof value === 'number' ? decimal(value, lang) : String(value);
      case 'enum':
        return word(value);
      case 'bool':
        return YES_NO[lang][value ? 1 : 0];
      case 'timestamp':
        return time.format(new Date(value as string));
      case 'object':
        return Object.entries(field.fields)
          .filter(([k, f]) => !f.writeOnly && (value as Row)[k] != null)
          .map(([k, f]) => `${fieldLabel(k, lang)}: ${text(f, (value as Row)[k], names)}`)
          .join('; ');
      case 'list':
        return (value as unknown[])
          .map((item) => text(field.of, item, names))
          .join(field.of.kind === 'object' ? ' | ' : ', ');
      default:
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  };
  return text;
}
