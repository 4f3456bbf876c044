import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ReportTable } from '@sl/domain/energy';

/** A report's table as CSV (papaparse) or an Excel workbook (exceljs): numbers stay numbers in Excel. */
export async function reportFile(table: ReportTable, format: 'csv' | 'xlsx', sheet: string): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(Papa.unparse({ fields: table.columns, data: table.rows }), 'utf8');
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet.slice(0, 31));
  ws.addRow(table.columns).font = { bold: true };
  for (const row of table.rows) ws.addRow(row);
  ws.columns.forEach((c) => (c.width = 18));
  return Buffer.from(await book.xlsx.writeBuffer());
}
