import Papa from 'papaparse';
import type { LocalScheduleDay, ScheduleLine } from '@sl/domain/schedule';

/** YYYY-MM-DD as the file's DD-MM-YYYY (spec §5). */
export const fileDate = (date: string) => date.split('-').reverse().join('-');

/**
 * The lines of a schedule CSV: split by line (LF, CRLF or CR), then each line by `,` or `;` (spec §5), so a file
 * edited by hands in two locales still reads; a BOM is skipped.
 */
export function csvLines(text: string): ScheduleLine[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map((row, index) => ({
      line: index + 1,
      cells: Papa.parse<string[]>(row, { delimitersToGuess: [',', ';', '\t'] }).data[0] ?? [],
    }));
}

/** The days as the import reads them back: a header line, then date,off,on in local time; with a BOM for Excel. */
export function scheduleCsv(days: LocalScheduleDay[], header: [string, string, string]): string {
  const data = days.map((d) => [fileDate(d.date), d.off ?? '', d.on ?? '']);
  return `\uFEFF${Papa.unparse({ fields: header, data }, { newline: '\r\n' })}\r\n`;
}

/** Several controllers' days: date,off,on as the import reads them, then the controller each line belongs to. */
export function controllersCsv(
  parts: { controller: string; days: LocalScheduleDay[] }[],
  header: [string, string, string, string],
): string {
  const data = parts.flatMap(({ controller, days }) =>
    days.map((d) => [fileDate(d.date), d.off ?? '', d.on ?? '', controller]),
  );
  return `\uFEFF${Papa.unparse({ fields: header, data }, { newline: '\r\n' })}\r\n`;
}
