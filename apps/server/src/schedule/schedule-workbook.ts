import { groupBy } from '@sl/domain';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { LocalScheduleDay, ScheduleLine } from '@sl/domain/schedule';
import type { ScheduleSite } from './schedule.service.ts';

const DAY_MS = 86_400_000;
// Excel's day 0 (1900 date system): dates are whole days from it, times the fraction of a day
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const pad = (n: number) => String(n).padStart(2, '0');

export type WorkbookLabels = {
  controller: string;
  city: string;
  timeZone: string;
  columns: [string, string, string];
};

/** A cell as the text the import reads: a date as DD-MM-YYYY, a time as HH:MM (Excel keeps both as numbers). */
function cellText(value: ExcelJS.CellValue, isDate: boolean): string {
  if (value == null) return '';
  if (typeof value === 'number') return cellText(new Date(EXCEL_EPOCH + value * DAY_MS), isDate);
  if (value instanceof Date) {
    const at = new Date(Math.round(value.getTime() / 60_000) * 60_000);
    return isDate
      ? `${pad(at.getUTCDate())}-${pad(at.getUTCMonth() + 1)}-${at.getUTCFullYear()}`
      : `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  }
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue, isDate);
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/**
 * Every row of every sheet, numbered as Excel numbers them, its first three cells as text; read as a stream, a row
 * at a time. More than `maxLines` rows, or `maxCells` cells, end the reading: `undefined`.
 */
export async function workbookLines(
  file: Buffer,
  maxLines: number,
  maxCells: number,
): Promise<ScheduleLine[] | undefined> {
  const input = Readable.from([file]);
  const book = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const lines: ScheduleLine[] = [];
  let cellCount = 0;
  try {
    for await (const sheet of book) {
      const name = (sheet as unknown as { name: string }).name;
      for await (const row of sheet) {
        cellCount += row.actualCellCount;
        if (lines.length >= maxLines || cellCount > maxCells) return undefined;
        const cells = [1, 2, 3].map((c) => cellText(row.getCell(c).value, c === 1));
        lines.push({ line: row.number, cells, sheet: name });
      }
    }
  } finally {
    input.destroy();
  }
  return lines;
}

/** A controller's name as a sheet's: Excel refuses []:*?/\\ in one and cuts it at 31 characters. */
export const sheetName = (controller: string) => controller.replace(/[[\]:*?/\\]/g, '_').slice(0, 31);

const time = (t?: string) => (t ? new Date(`1899-12-30T${t}:00Z`) : null);

/** A sheet: a header naming the controller, its city and time zone, then a row a day, times as Excel's. */
function addSheet(
  book: ExcelJS.Workbook,
  name: string,
  site: ScheduleSite,
  rows: LocalScheduleDay[],
  labels: WorkbookLabels,
) {
  const sheet = book.addWorksheet(name);
  sheet.columns = [{ width: 16 }, { width: 24 }, { width: 12 }];
  sheet.addRow([labels.controller, site.controller]);
  sheet.addRow([labels.city, site.city]);
  sheet.addRow([labels.timeZone, site.timeZone]);
  sheet.addRow([]);
  sheet.addRow(labels.columns).font = { bold: true };
  for (const d of rows) {
    const row = sheet.addRow([new Date(`${d.date}T00:00:00Z`), time(d.off), time(d.on)]);
    row.getCell(1).numFmt = 'dd-mm-yyyy';
    row.getCell(2).numFmt = 'hh:mm';
    row.getCell(3).numFmt = 'hh:mm';
  }
}

/**
 * The days as a workbook: one sheet a month (or a year), a header naming the controller, its city and time zone,
 * then a row a day with the date and the off and on times as real Excel dates and times in local time.
 */
export async function scheduleWorkbook(
  site: ScheduleSite,
  days: LocalScheduleDay[],
  sheets: 'month' | 'year',
  labels: WorkbookLabels,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const bySheet = groupBy(days, (d) => d.date.slice(0, sheets === 'month' ? 7 : 4));
  for (const [name, rows] of bySheet) addSheet(book, name, site, rows, labels);
  if (!bySheet.size) book.addWorksheet('-').addRow(labels.columns);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Several controllers' days as one workbook: a sheet each, named by its controller (the upload reads it back so). */
export async function controllersWorkbook(
  parts: { site: ScheduleSite; days: LocalScheduleDay[] }[],
  labels: WorkbookLabels,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const { site, days } of parts) addSheet(book, sheetName(site.controller), site, days, labels);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The workbook's and the CSV's header words in the caller's language. */
export const FILE_LABELS: Record<'en-us' | 'ru', WorkbookLabels> = {
  'en-us': { controller: 'Controller', city: 'City', timeZone: 'Time zone', columns: ['Date', 'Off', 'On'] },
  ru: {
    controller: 'Контроллер',
    city: 'Город',
    timeZone: 'Часовой пояс',
    columns: ['Дата', 'Отключение', 'Включение'],
  },
};
