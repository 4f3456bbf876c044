import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { formatDateText, formatNumber, type Language } from '@sl/domain';
import { reportTable } from '@sl/domain/energy';
import type { Report, ReportKind } from './energy-api.ts';

/** The report's rows, with the same columns its CSV and Excel files have. */
export function ReportTable({ kind, report }: { kind: ReportKind; report: Report }) {
  const [lang] = useLocaleState() as [Language, unknown];
  const table = reportTable(kind, report, lang);
  // a period's day as the language writes it (the files keep YYYY-MM-DD, which every spreadsheet reads)
  const cell = (v: string | number | null, column: number) =>
    typeof v === 'number'
      ? formatNumber(v, lang, 3)
      : column === 0 && v
        ? formatDateText('day', v, lang)
        : (v ?? '—');
  return (
    <Table size="small" data-testid="report-table">
      <TableHead>
        <TableRow>
          {table.columns.map((c) => (
            <TableCell key={c}>{c}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {table.rows.map((row, i) => (
          <TableRow key={i}>
            {row.map((v, j) => (
              <TableCell key={j} align={typeof v === 'number' ? 'right' : 'left'}>
                {cell(v, j)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
