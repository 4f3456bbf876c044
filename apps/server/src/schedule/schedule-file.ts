import type { ScheduleLine } from '@sl/domain/schedule';
import { ApiError } from '../http/api-error.ts';
import { csvLines } from './schedule-csv.ts';
import { workbookLines } from './schedule-workbook.ts';

/** A year of one controller's days is a few kilobytes as CSV and some 30 KB as a workbook. */
export const SCHEDULE_FILE_MAX_BYTES = 2 * 1024 * 1024;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const unreadable = () => new ApiError('IsInvalidError', ['file'], { reason: 'unreadable' });

/**
 * The lines of an uploaded schedule: an .xlsx workbook (a ZIP) or CSV text in UTF-8 (or Windows-1251, as a
 * Russian Excel saves it). Anything else cannot be read and is refused whole.
 */
export async function scheduleFileLines(file: Buffer): Promise<ScheduleLine[]> {
  if (file.subarray(0, 4).equals(ZIP)) return workbookLines(file).catch(() => Promise.reject(unreadable()));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    text = new TextDecoder('windows-1251').decode(file);
  }
  if (text.includes('\0')) throw unreadable();
  return csvLines(text);
}
