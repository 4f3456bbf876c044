import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { HttpError, Title, useLocaleState, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { httpLines } from '../../providers/http.ts';
import { IMPORTABLE, importTargets, type Importable, type SourceFormat } from '@sl/domain';
import { columnsOf, formatOf, guessColumns } from './import-columns.ts';
import { GroupChoice } from './group-choice.tsx';
import { ImportProblems, problemsCsv, type ImportResult } from './import-problems.tsx';

type Progress = { stage: 'check' | 'write' | 'save'; done: number; total: number };
const STAGE_MESSAGE = { check: 'importChecking', write: 'importWriting', save: 'importSaving' } as const;

/** One bar over the whole import: the check is about a fifth of its time, the writing the rest. */
const percent = (p: Progress) =>
  p.stage === 'check' ? (20 * p.done) / Math.max(1, p.total) : 20 + (80 * p.done) / Math.max(1, p.total);
type Source = { name: string; format: SourceFormat; content: string; columns: string[] };

/** The server's bounds on one import (MAX_IMPORT_ROWS, and its body limit of 64 MB with the file inside). */
const MAX_ROWS = 100_000;
const MAX_MB = 64;

/** A refusal of the whole file for its size, said with the bound; any other failure as the server said it. */
function failure(err: unknown, locale: string, translate: (key: string, args?: object) => string) {
  const reason = err instanceof HttpError ? (err.body as { reason?: string } | null)?.reason : undefined;
  if (reason === 'tooManyRows')
    return translate(sl('importTooManyRows'), { rows: MAX_ROWS.toLocaleString(locale) });
  if (reason === 'tooLarge' || (err instanceof HttpError && err.status === 413))
    return translate(sl('importTooLarge'), { mb: MAX_MB });
  return err instanceof Error ? err.message : String(err);
}

/** Devices from a CSV or GeoJSON file: columns mapped to fields, a dry run, then the whole file or nothing. */
export default function ImportScreen() {
  const translate = useTranslate();
  const allowed = IMPORTABLE.filter((n) => canDo(n, 'create'));
  const [type, setType] = useState<Importable>(allowed[0] ?? 'LuminarySupports');
  const [source, setSource] = useState<Source>();
  const [unreadable, setUnreadable] = useState<SourceFormat>();
  const [columns, setColumns] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ImportResult>();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress>();
  const [failed, setFailed] = useState<string>();
  const [group, setGroup] = useState<number>();
  const [locale] = useLocaleState();
  const targets = source ? importTargets(type, source.format) : [];

  const choose = async (file: File | undefined) => {
    setResult(undefined);
    setUnreadable(undefined);
    setFailed(undefined);
    if (!file) return;
    const format = formatOf(file.name);
    const content = await file.text();
    try {
      const cols = columnsOf(format, content);
      setSource({ name: file.name, format, content, columns: cols });
      setColumns(guessColumns(importTargets(type, format), cols));
    } catch {
      setSource(undefined);
      setUnreadable(format);
    }
  };
  const mapped = () => Object.fromEntries(Object.entries(columns).filter(([, c]) => c));
  const run = async (dryRun: boolean) => {
    if (!source) return;
    setBusy(true);
    setResult(undefined);
    setFailed(undefined);
    setProgress(undefined);
    try {
      const body = {
        format: source.format,
        content: source.content,
        columns: mapped(),
        dryRun,
        ...(group !== undefined && { group }),
      };
      const answer = await httpLines<{ result: ImportResult }, Progress>(
        'POST',
        `/api/v2/import/${type}`,
        body,
        setProgress,
      );
      setResult(answer.result);
    } catch (err) {
      setFailed(failure(err, locale, translate));
    } finally {
      setBusy(false);
      setProgress(undefined);
    }
  };
  const label = (t: string) =>
    t === 'location.lon'
      ? translate(sl('importLon'))
      : t === 'location.lat'
        ? translate(sl('importLat'))
        : translate(`resources.${type}.fields.${t}`);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl('importTitle')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(sl('importTitle'))}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <TextField
            select
            size="small"
            label={translate(sl('importType'))}
            value={type}
            onChange={(e) => {
              setType(e.target.value as Importable);
              setResult(undefined);
              if (source)
                setColumns(
                  guessColumns(importTargets(e.target.value as Importable, source.format), source.columns),
                );
            }}
            sx={{ minWidth: 240 }}
          >
            {allowed.map((n) => (
              <MenuItem key={n} value={n}>
                {translate(`resources.${n}.name`, { smart_count: 2 })}
              </MenuItem>
            ))}
          </TextField>
          <GroupChoice value={group} onChange={setGroup} label="importGroup" />
          <Button variant="outlined" component="label">
            {translate(sl('importFile'))}
            <input
              hidden
              type="file"
              accept=".csv,.geojson,.json,text/csv,application/geo+json"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </Button>
          {source && <Typography>{source.name}</Typography>}
        </Stack>
        {unreadable && (
          <Alert severity="error">
            {translate(sl('importUnreadable'), { format: unreadable.toUpperCase() })}
          </Alert>
        )}
        {source && (
          <>
            <Typography variant="h6" component="h2">
              {translate(sl('importColumns'))}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, my: 2 }}>
              {targets.map((t) => (
                <TextField
                  key={t}
                  select
                  size="small"
                  label={label(t)}
                  value={columns[t] ?? ''}
                  onChange={(e) => setColumns({ ...columns, [t]: e.target.value })}
                  sx={{ width: 220 }}
                >
                  <MenuItem value="">{translate(sl('importNoColumn'))}</MenuItem>
                  {source.columns.map((c) => (
                    <MenuItem key={c} value={c}>
                      {c}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Stack>
            <Stack direction="row" spacing={2}>
              <Button variant="outlined" disabled={busy} onClick={() => void run(true)}>
                {translate(sl('importDryRun'))}
              </Button>
              <Button variant="contained" disabled={busy} onClick={() => void run(false)}>
                {translate(sl('importRun'))}
              </Button>
            </Stack>
          </>
        )}
        {busy && (
          <Stack spacing={1} sx={{ mt: 2 }} data-testid="import-progress">
            <LinearProgress
              variant={progress && progress.stage !== 'save' ? 'determinate' : 'indeterminate'}
              value={progress ? percent(progress) : 0}
            />
            <Typography variant="body2">
              {progress
                ? translate(sl(STAGE_MESSAGE[progress.stage]), {
                    done: progress.done.toLocaleString(locale),
                    total: progress.total.toLocaleString(locale),
                  })
                : translate(sl('importSending'))}
            </Typography>
          </Stack>
        )}
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failed}
          </Alert>
        )}
        {result && source && (
          <ImportProblems
            result={result}
            label={label}
            everyProblem={() =>
              problemsCsv(type, { format: source.format, content: source.content, columns: mapped() })
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
