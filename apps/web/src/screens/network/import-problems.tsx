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
import { useState } from 'react';
import Papa from 'papaparse';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { Importable } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { httpFile } from '../../providers/http.ts';
import { saveFile } from '../../resources/save-file.ts';

export type ImportProblem = { row: number; field?: string; code: string; message: string; value?: string };
/** `problems`: the first thousand the server lists; `moreProblems`: how many more it found */
export type ImportResult = {
  rows: number;
  imported: number;
  dryRun: boolean;
  problems: ImportProblem[];
  moreProblems?: number;
};
type Upload = { format: string; content: string; columns: Record<string, string> };

const FILE = 'import-problems.csv';

/** Every problem of the file as CSV (row, field, code, message, value): the server checks it again as a dry run. */
export const problemsCsv = (type: Importable, upload: Upload) =>
  httpFile('POST', `/api/v2/import/${type}`, { ...upload, dryRun: true }, 'text/csv');

/** The problems the answer holds, as the same CSV the server writes, with a header in the user's language. */
function shownCsv(problems: ImportProblem[], heads: string[], label: (field: string) => string) {
  const csv = Papa.unparse({
    fields: heads,
    data: problems.map((p) => [p.row, p.field ? label(p.field) : '', p.code, p.message, p.value ?? '']),
  });
  return new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
}

/** The server's CSV (no header line) under the header in the user's language. */
async function withHeads(blob: Blob, heads: string[]) {
  const rows = (await blob.text()).replace(/^\uFEFF/, '');
  return new Blob(['\ufeff', Papa.unparse([heads]), '\r\n', rows], { type: 'text/csv;charset=utf-8' });
}

/** What a dry run or an import found: the outcome, then the rows' problems (the first thousand on screen). */
export function ImportProblems({
  result,
  label,
  everyProblem,
}: {
  result: ImportResult;
  label(field: string): string;
  /** all of them, asked of the server when the answer holds only the first thousand */
  everyProblem(): Promise<Blob>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [fetching, setFetching] = useState(false);
  const n = (x: number) => x.toLocaleString(locale);
  const { rows, imported, problems } = result;
  const more = result.moreProblems ?? 0;
  const count = problems.length + more;
  const heads = [
    sl('importRow'),
    sl('importField'),
    sl('importCode'),
    sl('importProblem'),
    sl('importValue'),
  ];
  const titles = heads.map((k) => translate(k));
  const shown = [0, 1, 3, 4].map((i) => titles[i]!);
  const download = async () => {
    if (!more) return saveFile(shownCsv(problems, titles, label), FILE);
    setFetching(true);
    try {
      saveFile(await withHeads(await everyProblem(), titles), FILE);
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: 'error' });
    } finally {
      setFetching(false);
    }
  };
  const outcome = count
    ? translate(sl('importRefused'), { count: n(count) })
    : result.dryRun
      ? translate(sl('importClean'))
      : translate(sl('importDone'), { imported: n(imported), rows: n(rows) });
  return (
    <>
      <Alert severity={count ? 'error' : 'success'} sx={{ mt: 2 }} data-testid="import-outcome">
        {translate(sl('importRows'), { rows: n(rows) })}. {outcome}
      </Alert>
      {count > 0 && (
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
          {more > 0 && (
            <Typography variant="body2">
              {translate(sl('importShownFirst'), { shown: n(problems.length), count: n(count) })}
            </Typography>
          )}
          <Button size="small" disabled={fetching} onClick={() => void download()}>
            {translate(sl('importProblemsCsv'))}
          </Button>
        </Stack>
      )}
      {problems.length > 0 && (
        <Table size="small" sx={{ mt: 1 }} data-testid="import-problems">
          <TableHead>
            <TableRow>
              {shown.map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
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
      {more > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="import-more-problems">
          {translate(sl('importMoreProblems'), { smart_count: more, more: n(more) })}
        </Typography>
      )}
    </>
  );
}
