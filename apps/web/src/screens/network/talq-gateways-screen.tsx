import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { sl, type MessageKey } from '../../i18n/messages.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { http } from '../../providers/http.ts';
import { useConsoleTime } from '../devices/city-time.ts';
import { GroupChoice, useChoosableGroups } from './group-choice.tsx';
import { useEntitiesWritten } from '../map/use-entities-written.ts';

type Gateway = {
  id: number;
  name: string;
  login: string;
  gatewayUri: string;
  state: 'new' | 'announced' | 'services' | 'classes' | 'ready';
  lastContactAt: string | null;
  problem: {
    task: 'gatewayFunction' | 'programs' | 'loggerConfigs';
    status: number | null;
    at: string;
  } | null;
};
const TASK_WORDS: Record<NonNullable<Gateway['problem']>['task'], MessageKey> = {
  gatewayFunction: 'talqTaskGatewayFunction',
  programs: 'talqTaskPrograms',
  loggerConfigs: 'talqTaskLoggerConfigs',
};
type Issued = { id: number; cmsUri: string; login: string; secret: string };

const STATE_WORDS: Record<Gateway['state'], MessageKey> = {
  new: 'talqStateNew',
  announced: 'talqStateAnnounced',
  services: 'talqStateServices',
  classes: 'talqStateClasses',
  ready: 'talqStateReady',
};

/** A city's name in the console's language, else its international one. */
const cityName = (c: { id: number; name?: Record<string, string> }, lang: string) =>
  c.name?.[lang] || c.name?.int || `#${c.id}`;

/**
 * TALQ gateways (issue 31): an operator with the right to create controllers commissions one (its name, the address
 * of its API and its city) and sees the CMS address, login and secret to set it up with, this once; every
 * operator who sees controllers sees the gateways with their bootstrap state and last contact, following the live
 * stream as the gateway announces its lamps.
 */
export default function TalqGatewaysScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const time = useConsoleTime();
  const [lang] = useLocaleState();
  const mayCommission = canDo('Controllers', 'create');
  const cities = useGetList('Cities', { pagination: { page: 1, perPage: 1000 } }).data ?? [];
  const [gateways, setGateways] = useState<Gateway[]>();
  const [name, setName] = useState('');
  const [uri, setUri] = useState('');
  const [city, setCity] = useState<number | ''>('');
  const [group, setGroup] = useState<number>();
  const groups = useChoosableGroups().data;
  // the city's group, when only one holds it, is the gateway's unless another is chosen after
  const chooseCity = (id: number | '') => {
    setCity(id);
    const holders = groups?.filter((g) => (g.cities as number[] | undefined)?.includes(Number(id)));
    if (holders?.length === 1) setGroup(holders[0]!.id as number);
  };
  const [issued, setIssued] = useState<Issued>();
  const written = useEntitiesWritten(['LuminaryModules', 'Controllers']);

  const load = useCallback(() => {
    http<{ result: Gateway[] }>('GET', '/api/v2/talq/gateways').then(
      ({ result }) => setGateways(result),
      (err: Error) => notify(err.message, { type: 'error' }),
    );
  }, [notify]);
  useEffect(load, [load, written]);

  const commission = async () => {
    try {
      setIssued(
        await http<Issued>('POST', '/api/v2/talq/gateways', {
          name: name.trim(),
          gatewayUri: uri.trim(),
          ...(city !== '' && { city }),
          ...(group !== undefined && { group }),
        }),
      );
      setName('');
      setUri('');
      load();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  const shown = (label: MessageKey, value: string, testId: string) => (
    <TextField
      label={translate(sl(label))}
      value={value}
      fullWidth
      slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': testId } }}
      onFocus={(e) => e.target.select()}
    />
  );

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate(sl('talqTitle'))} />
      <Typography variant="body2">{translate(sl('talqIntro'))}</Typography>
      {mayCommission && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate(sl('talqCommission'))}
            </Typography>
            <Stack spacing={2} sx={{ maxWidth: 720 }}>
              <TextField
                label={translate(sl('talqName'))}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <TextField
                label={translate(sl('talqGatewayUri'))}
                value={uri}
                onChange={(e) => setUri(e.target.value)}
              />
              <TextField
                select
                label={translate(sl('talqCity'))}
                value={city}
                onChange={(e) => chooseCity(e.target.value === '' ? '' : Number(e.target.value))}
              >
                {cities.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {cityName(c, lang)}
                  </MenuItem>
                ))}
              </TextField>
              <GroupChoice value={group} onChange={setGroup} label="talqGroup" />
              <div>
                <Button
                  variant="contained"
                  disabled={!name.trim() || !uri.trim()}
                  onClick={() => void commission()}
                >
                  {translate(sl('talqCommissionDo'))}
                </Button>
              </div>
            </Stack>
            {issued && (
              <Stack spacing={2} sx={{ mt: 2, maxWidth: 720 }} data-testid="talq-issued">
                <Alert severity="warning">{translate(sl('talqIssued'))}</Alert>
                {shown('talqCmsUri', issued.cmsUri, 'talq-cms-uri')}
                {shown('talqLogin', issued.login, 'talq-login')}
                {shown('talqSecret', issued.secret, 'talq-secret')}
              </Stack>
            )}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent>
          {gateways && !gateways.length ? (
            <Typography>{translate(sl('talqNone'))}</Typography>
          ) : (
            <Table size="small" data-testid="talq-gateways">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(sl('talqName'))}</TableCell>
                  <TableCell>{translate(sl('talqLogin'))}</TableCell>
                  <TableCell>{translate(sl('talqState'))}</TableCell>
                  <TableCell>{translate(sl('talqGatewayUri'))}</TableCell>
                  <TableCell>{translate(sl('talqLastContact'))}</TableCell>
                  <TableCell>{translate(sl('talqProblem'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(gateways ?? []).map((g) => (
                  <TableRow key={g.id} data-testid={`talq-gateway-${g.id}`}>
                    <TableCell>{g.name}</TableCell>
                    <TableCell>{g.login}</TableCell>
                    <TableCell>{translate(sl(STATE_WORDS[g.state]))}</TableCell>
                    <TableCell>{g.gatewayUri}</TableCell>
                    <TableCell>
                      {g.lastContactAt ? time(g.lastContactAt) : translate(sl('talqNever'))}
                    </TableCell>
                    <TableCell data-testid="talq-problem">
                      {g.problem
                        ? translate(
                            sl(g.problem.status === null ? 'talqProblemUnreached' : 'talqProblemRefused'),
                            {
                              task: translate(sl(TASK_WORDS[g.problem.task])),
                              status: g.problem.status,
                              at: time(g.problem.at),
                            },
                          )
                        : '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
