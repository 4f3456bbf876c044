import { Fragment, useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Card,
  CardContent,
  Chip,
  Collapse,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatNumber, type Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { useConsoleTime } from '../devices/city-time.ts';
import { CommandDevices } from './command-devices.tsx';
import { CommandFilters } from './command-filters.tsx';
import {
  fetchArchive,
  OUTCOMES,
  tally,
  type ArchivedCommand,
  type Filters,
  type Outcome,
} from './commands-api.ts';
import { commandTargetText, commandTypeName } from './command-text.ts';
import { useLiveCommands } from './use-live-commands.ts';

/** Who did what (issue 15): the commands archive, filtered, with each controller's state, live while in progress. */
export default function CommandsScreen() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const time = useConsoleTime();
  const [address] = useSearchParams();
  // `?outcome=pending` from the dashboard's commands in progress
  const [filters, setFilters] = useState<Filters>(() => ({
    outcome: address
      .getAll('outcome')
      .filter((o): o is Outcome => (OUTCOMES as readonly string[]).includes(o)),
  }));
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [answer, setAnswer] = useState<{ total: number; data: ArchivedCommand[] }>();
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<number>();
  const load = useCallback(() => {
    fetchArchive(filters, page, perPage).then(
      (a) => {
        setAnswer(a);
        setError(undefined);
      },
      (err: Error) => setError(err.message),
    );
  }, [filters, page, perPage]);
  useEffect(load, [load]);
  useLiveCommands(load);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate(sl('commandsTitle'))} />
      <CardContent>
        <CommandFilters
          value={filters}
          onChange={(f) => {
            setFilters(f);
            setPage(0);
          }}
        />
        <Typography variant="caption" color="text.secondary">
          {translate(sl('commandsLive'))}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <Table size="small" data-testid="commands-table">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>{translate(sl('commandsWhen'))}</TableCell>
              <TableCell>{translate(sl('commandsUser'))}</TableCell>
              <TableCell>{translate(sl('commandsType'))}</TableCell>
              <TableCell>{translate(sl('commandsTarget'))}</TableCell>
              <TableCell>{translate(sl('commandsOutcome'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer?.data.map((c) => {
              const t = tally(c);
              const color = t.pending ? 'info' : t.failed ? 'error' : 'success';
              return (
                <Fragment key={c.id}>
                  <TableRow hover data-testid={`command-${c.id}`}>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={translate(sl('commandsDevices'))}
                        onClick={() => setOpen(open === c.id ? undefined : c.id)}
                      >
                        {open === c.id ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                      </IconButton>
                    </TableCell>
                    <TableCell>{time(c.createdAt, 'seconds')}</TableCell>
                    <TableCell>{c.login ?? '—'}</TableCell>
                    <TableCell>{commandTypeName(c, translate, locale as Language)}</TableCell>
                    <TableCell>{commandTargetText(c, translate)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={color}
                        label={
                          t.pending
                            ? translate(sl('commandsOutcome_pending'))
                            : translate(sl('commandsSummary'), {
                                acknowledged: t.acknowledged,
                                total: t.total,
                              })
                        }
                      />
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={6} sx={{ py: 0, borderBottom: open === c.id ? undefined : 'none' }}>
                      <Collapse in={open === c.id} unmountOnExit>
                        <CommandDevices devices={c.devices} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
        {answer && !answer.total && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate(sl('commandsNone'))}
          </Typography>
        )}
        <TablePagination
          component="div"
          count={answer?.total ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            `${formatNumber(from, locale as Language, 0)}-${formatNumber(to, locale as Language, 0)} ${translate(sl('commandsOf'))} ${formatNumber(count, locale as Language, 0)}`
          }
        />
      </CardContent>
    </Card>
  );
}
