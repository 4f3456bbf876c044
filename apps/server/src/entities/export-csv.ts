import Papa from 'papaparse';
import type { Entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { withDerivedStatus } from './derived-status.ts';
import { exportColumns, type ExportFormat } from './export-columns.ts';
import { namesOf } from './export-names.ts';
import { everyRow } from './export-rows.ts';
import type { EntityRepository } from './entity.repository.ts';
import type { ListQuery } from './list-query.ts';

// A cell a spreadsheet would run as a formula gets a leading quote; a negative number stays a number.
const FORMULA = /^[=+@\t\r]|^-(?!\d+(?:[.,]\d+)?$)/;
// Excel reads a file as UTF-8 (Cyrillic included) only when it starts with the byte order mark
const BOM = '\uFEFF';

/** The CSV of every row a list query matches, a batch at a time: the header line, then one chunk per batch. */
export async function* exportCsv(
  db: Db,
  repo: EntityRepository,
  e: Entity,
  caller: Caller,
  q: ListQuery,
  format: ExportFormat,
): AsyncGenerator<string> {
  const columns = exportColumns(e, format);
  // where the decimal mark is a comma (ru), spreadsheets split on semicolons
  const delimiter = format.lang === 'ru' ? ';' : ',';
  const lines = (cells: string[][]) =>
    Papa.unparse(cells, { delimiter, newline: '\r\n', escapeFormulae: FORMULA }) + '\r\n';
  yield BOM + lines([columns.map((c) => c.header)]);
  yield* everyRow(db, e, caller, q, async (batch, on) => {
    const reader = repo.withDb(on);
    const rows = await withDerivedStatus(reader, e, caller, batch);
    const names = await namesOf(reader, e, caller, rows, format.lang);
    return lines(rows.map((row) => columns.map((c) => c.cell(row, names))));
  });
}
