import Papa from 'papaparse';
import { createSchema, entity } from '@sl/domain';

/** Spec §9: a calendar upload is at most 7k. */
export const CALENDAR_CSV_MAX_BYTES = 7 * 1024;

export type CalendarLine = { line: number; date: string; type: string; label?: string };
export type LineReason = 'required' | 'invalid' | 'tooLong' | 'duplicate' | 'columns';
export type LineProblem = { line: number; column: 'date' | 'type' | 'label' | 'line'; reason: LineReason };

const COLUMNS = ['date', 'type', 'label'] as const;
const HEADER_NAMES: Record<string, (typeof COLUMNS)[number]> = {
  date: 'date',
  type: 'type',
  label: 'label',
  дата: 'date',
  тип: 'type',
  название: 'label',
};
const lineSchema = createSchema(entity('CalendarProfiles')).pick({ date: true, type: true, label: true });

/** DD-MM-YYYY, DD.MM.YYYY and DD/MM/YYYY (the schedule import's form, spec §5) become YYYY-MM-DD. */
const isoDay = (raw: string) => raw.replace(/^(\d{2})[-./](\d{2})[-./](\d{4})$/, '$3-$2-$1');

/**
 * A calendar CSV: one day a line as date,type,label (`,` or `;`), an optional header line naming the columns in
 * any order, blank lines ignored. Every line is checked; the days are good only when `problems` is empty.
 */
export function readCalendarCsv(text: string): { days: CalendarLine[]; problems: LineProblem[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [',', ';'],
    skipEmptyLines: false,
  });
  const problems: LineProblem[] = parsed.errors
    .filter((e) => e.row !== undefined)
    .map((e) => ({ line: e.row! + 1, column: 'line', reason: 'invalid' }));
  let columns: readonly (typeof COLUMNS)[number][] = COLUMNS;
  const days: CalendarLine[] = [];
  const seen = new Set<string>();
  parsed.data.forEach((cells, index) => {
    const line = index + 1;
    const trimmed = cells.map((c) => c.trim());
    if (trimmed.every((c) => c === '')) return;
    const header = trimmed.map((c) => HEADER_NAMES[c.toLowerCase()]);
    if (!days.length && !problems.length && header[0] && header.every(Boolean)) {
      columns = header as (typeof COLUMNS)[number][];
      return;
    }
    if (trimmed.length > columns.length) return problems.push({ line, column: 'line', reason: 'columns' });
    const cell = (name: (typeof COLUMNS)[number]) => trimmed[columns.indexOf(name)] || undefined;
    const date = cell('date') && isoDay(cell('date')!);
    const candidate = { date, type: cell('type')?.toLowerCase(), label: cell('label') };
    const checked = lineSchema.safeParse(candidate);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const column = issue.path[0] as keyof typeof candidate;
        const reason =
          candidate[column] === undefined ? 'required' : issue.code === 'too_big' ? 'tooLong' : 'invalid';
        problems.push({ line, column, reason });
      }
      return;
    }
    if (seen.has(date!)) return problems.push({ line, column: 'date', reason: 'duplicate' });
    seen.add(date!);
    days.push({
      line,
      date: date!,
      type: candidate.type!,
      ...(candidate.label && { label: candidate.label }),
    });
  });
  return { days, problems: problems.sort((a, b) => a.line - b.line) };
}
