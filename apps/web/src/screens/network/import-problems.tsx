import {
  Alert,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Papa from 'papaparse';
import { useLocaleState, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';

export type ImportProblem = { row: number; field?: string; code: string; message: string; value?: string };
export type ImportResult = { rows: number; imported: number; dryRun: boolean; problems: ImportProblem[] };

/** Problems shown on the screen; a large file's full list is downloaded. */
const SHOWN = 1000;

/** Every problem as a CSV file in the user's language, for a file too broken to read on screen. */
function downloadProblems(problems: ImportProblem[], heads: string[], label: (field: string) => string) {
  const csv = Papa.unparse({
    fields: heads,
    data: problems.map((p) => [p.row, p.field ? label(p.field) : '', p.message, p.value ?? '']),
  });
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: 'import-problems.csv' });
  a.click();
  URL.revokeObjectURL(url);
}

/** What a dry run or an import found: the outcome, then the rows' problems (the first thousand on screen). */
export function ImportProblems({ result, label }: { result: ImportResult; label(field: string): string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const n = (x: number) => x.toLocaleString(locale);
  const { rows, imported, problems } = result;
  const heads = [sl('importRow'), sl('importField'), sl('importProblem'), sl('importValue')].map((k) =>
    translate(k),
  );
  const outcome = problems.length
    ? translate(sl('importRefused'), { count: n(problems.length) })
    : result.dryRun
      ? translate(sl('importClean'))
      : translate(sl('importDone'), { imported: n(imported), rows: n(rows) });
  return (
    <>
      <Alert severity={problems.length ? 'error' : 'success'} sx={{ mt: 2 }} data-testid="import-outcome">
        {translate(sl('importRows'), { rows: n(rows) })}. {outcome}
      </Alert>
      {problems.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
          {problems.length > SHOWN && (
            <Typography variant="body2">
              {translate(sl('importShownFirst'), { shown: n(SHOWN), count: n(problems.length) })}
            </Typography>
          )}
          <Button size="small" onClick={() => downloadProblems(problems, heads, label)}>
            {translate(sl('importProblemsCsv'))}
          </Button>
        </Stack>
      )}
      {problems.length > 0 && (
        <Table size="small" sx={{ mt: 1 }} data-testid="import-problems">
          <TableHead>
            <TableRow>
              {heads.map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {problems.slice(0, SHOWN).map((p, i) => (
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
