import type { ScheduleLine } from '@sl/domain/schedule';
import { ApiError } from '../http/api-error.ts';
import { csvLines } from './schedule-csv.ts';
import { workbookLines } from './schedule-workbook.ts';
import { fitsBudget } from './zip-budget.ts';

/** A year of one controller's days is a few kilobytes as CSV and some 30 KB as a workbook. */
export const SCHEDULE_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** The largest file the console writes, a year of 200 controllers (74,200 lines), fits. */
export const SCHEDULE_MAX_LINES = 100_000;
/** What a workbook may expand to: that largest one is some 15 MB of XML in 200 sheets. */
export const WORKBOOK_MAX_BYTES = 32 * 1024 * 1024;
const WORKBOOK_MAX_ENTRIES = 1000;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const refused = (reason: 'unreadable' | 'tooLarge' | 'tooManyLines') =>
  new ApiError('IsInvalidError', ['file'], { reason });

/** Lines as csvLines splits them (LF, CRLF or CR), counted without splitting. */
function lineCount(text: string) {
  let n = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n += 1;
  }
  return n;
}

/**
 * The lines of an uploaded schedule: an .xlsx workbook (a ZIP) or CSV text in UTF-8 (or Windows-1251, as a
 * Russian Excel saves it). Anything else cannot be read and is refused whole, and so is a workbook that expands
 * beyond WORKBOOK_MAX_BYTES (before it is read) or a file of more than SCHEDULE_MAX_LINES lines (issue 30 item 5).
 */
export async function scheduleFileLines(file: Buffer): Promise<ScheduleLine[]> {
  if (file.subarray(0, 4).equals(ZIP)) {
    const fit = await fitsBudget(file, WORKBOOK_MAX_BYTES, WORKBOOK_MAX_ENTRIES);
    if (fit !== 'fits') throw refused(fit);
    const lines = await workbookLines(file, SCHEDULE_MAX_LINES, 10 * SCHEDULE_MAX_LINES).catch(() =>
      Promise.reject(refused('unreadable')),
    );
    if (!lines) throw refused('tooManyLines');
    return lines;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    text = new TextDecoder('windows-1251').decode(file);
  }
  if (text.includes('\0')) throw refused('unreadable');
  if (lineCount(text) > SCHEDULE_MAX_LINES) throw refused('tooManyLines');
  return csvLines(text);
}
