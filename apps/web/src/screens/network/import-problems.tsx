import { Alert, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';

export type ImportProblem = { row: number; field?: string; code: string; message: string; value?: string };
export type ImportResult = { rows: number; imported: number; dryRun: boolean; problems: ImportProblem[] };

/** What a dry run or an import found: the outcome, then every row's problems. */
export function ImportProblems({ result, label }: { result: ImportResult; label(field: string): string }) {
  const translate = useTranslate();
  const { rows, imported, problems } = result;
  const outcome = problems.length
    ? translate(sl('importRefused'), { count: problems.length })
    : result.dryRun
      ? translate(sl('importClean'))
      : translate(sl('importDone'), { imported, rows });
  return (
    <>
      <Alert severity={problems.length ? 'error' : 'success'} sx={{ mt: 2 }} data-testid="import-outcome">
        {translate(sl('importRows'), { rows })}. {outcome}
      </Alert>
      {problems.length > 0 && (
        <Table size="small" sx={{ mt: 1 }} data-testid="import-problems">
          <TableHead>
            <TableRow>
              <TableCell>{translate(sl('importRow'))}</TableCell>
              <TableCell>{translate(sl('importField'))}</TableCell>
              <TableCell>{translate(sl('importProblem'))}</TableCell>
              <TableCell>{translate(sl('importValue'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {problems.map((p, i) => (
              <TableRow key={i}>
                <TableCell>{p.row}</TableCell>
                <TableCell>{p.field ? label(p.field) : ''}</TableCell>
                <TableCell>{p.message}</TableCell>
                <TableCell>{p.value ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
