import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { formatNumber, openOrdersTable, partsUsedTable, repairTimesTable, type Language } from '@sl/domain';
import type { MaintenanceReport } from './maintenance-report-api.ts';

/** The report's rows and its total (the last row), with the same columns its CSV and Excel files have. */
export function MaintenanceReportTable({ report }: { report: MaintenanceReport }) {
  const [lang] = useLocaleState() as [Language, unknown];
  const table =
    report.type === 'open-orders'
      ? openOrdersTable(report, lang)
      : report.type === 'parts-used'
        ? partsUsedTable(report, lang)
        : repairTimesTable(report, lang);
  const last = table.rows.length - 1;
  return (
    <Table size="small" data-testid="maintenance-report-table">
      <TableHead>
        <TableRow>
          {table.columns.map((c, j) => (
            <TableCell key={c} align={j === 0 ? 'left' : 'right'}>
              {c}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {table.rows.map((row, i) => (
          <TableRow key={i} sx={i === last ? { '& td': { fontWeight: 600 } } : undefined}>
            {row.map((v, j) => (
              <TableCell key={j} align={j === 0 ? 'left' : 'right'}>
                {typeof v === 'number' ? formatNumber(v, lang, 2) : (v ?? '—')}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
