import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { HttpError, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatNumber, type Language } from '@sl/domain';
import { sl } from '../../../i18n/messages.ts';
import { http, type ErrorBody } from '../../../providers/http.ts';
import { useCityTime } from '../city-time.ts';
import { DeviceCard } from '../device-card.tsx';

type AttributeValue = { name: string; type: string | null; value: unknown; at: string | null };
type TalqFunction = { id: string; type: string; attributes: AttributeValue[]; readable: string[] };
type TalqModule = {
  address: string;
  class: string;
  gateway: { id: number; name: string; state: string };
  functions: TalqFunction[];
};

/** the attribute an operator most often wants from a lamp: the level it burns at */
const FIRST_READ = 'actualLightState';

/** A TALQ attribute value in words: a level in %, a place as coordinates, a record as its named parts. */
export function valueText(v: unknown, lang: Language): string {
  if (v == null) return '—';
  if (typeof v === 'number') return formatNumber(v, lang, 3);
  if (typeof v === 'boolean') return v ? '✓' : '✗';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.length ? v.map((x) => valueText(x, lang)).join('; ') : '—';
  const o = v as Record<string, unknown>;
  if (!Object.keys(o).length) return '—';
  if (o.name === 'LevelState' && typeof o.value === 'number') return `${formatNumber(o.value, lang, 1)} %`;
  if (typeof o.latitude === 'number' && typeof o.longitude === 'number')
    return `${formatNumber(o.latitude, lang, 6)}, ${formatNumber(o.longitude, lang, 6)}`;
  if ('value' in o && Object.keys(o).length <= 2) return valueText(o.value, lang);
  return Object.entries(o)
    .map(([k, x]) => `${k}: ${valueText(x, lang)}`)
    .join(', ');
}

/**
 * A TALQ module's device as its gateway announced it (issue 31 §3, §6): its address and class, each function's
 * last attribute values, and a read of any attribute from the gateway now. Nothing for a module of an MQTT
 * controller.
 */
export function ModuleTalqCard() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const time = useCityTime(record?.city);
  const [device, setDevice] = useState<TalqModule | null>();
  const [chosen, setChosen] = useState<{ fn: string; attribute: string }>();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const id = record?.id;

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    http<{ result: TalqModule | null }>('GET', `/api/v2/talq/modules/${id}`)
      .then((r) => live && setDevice(r.result))
      .catch(() => live && setDevice(null));
    return () => {
      live = false;
    };
  }, [id]);
  if (!device) return null;

  const lampFn = device.functions.find((f) => f.readable.includes(FIRST_READ));
  const pick = chosen ?? (lampFn && { fn: lampFn.id, attribute: FIRST_READ });
  const fnOf = (fnId: string | undefined) => device.functions.find((f) => f.id === fnId);
  const read = async () => {
    if (!pick) return;
    setBusy(true);
    try {
      const { result } = await http<{ result: AttributeValue }>(
        'GET',
        `/api/v2/talq/modules/${id}/read/${encodeURIComponent(pick.fn)}/${encodeURIComponent(pick.attribute)}`,
      );
      setAnswer({
        ok: true,
        text: translate(sl('talqReadDone'), {
          attribute: result.name,
          value: valueText(result.value, lang),
          at: time(result.at),
        }),
      });
      setDevice((await http<{ result: TalqModule | null }>('GET', `/api/v2/talq/modules/${id}`)).result);
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as ErrorBody | null) : null;
      setAnswer({ ok: false, text: body?.message ?? translate('error.null') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DeviceCard title="talqDevice" testId="module-talq">
      <Typography variant="body2">
        {translate(sl('talqDeviceOf'), {
          address: device.address,
          cls: device.class,
          gateway: device.gateway.name,
        })}
      </Typography>
      <Table size="small" aria-label={translate(sl('talqDevice'))}>
        <TableBody>
          {device.functions.flatMap((f) => [
            <TableRow key={f.id}>
              <TableCell colSpan={3} sx={{ py: 0.25, fontWeight: 600 }}>
                {f.type}{' '}
                <Typography component="span" variant="caption" sx={{ fontFamily: 'monospace' }}>
                  {f.id}
                </Typography>
              </TableCell>
            </TableRow>,
            ...f.attributes.map((a) => (
              <TableRow key={`${f.id}/${a.name}`}>
                <TableCell sx={{ py: 0.25, pl: 3, fontFamily: 'monospace' }}>{a.name}</TableCell>
                <TableCell sx={{ py: 0.25 }}>{valueText(a.value, lang)}</TableCell>
                <TableCell sx={{ py: 0.25 }}>{a.at ? time(a.at) : ''}</TableCell>
              </TableRow>
            )),
          ])}
        </TableBody>
      </Table>
      {pick && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={translate(sl('talqFunction'))}
            value={pick.fn}
            onChange={(e) =>
              setChosen({ fn: e.target.value, attribute: fnOf(e.target.value)?.readable[0] ?? '' })
            }
          >
            {device.functions
              .filter((f) => f.readable.length)
              .map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.id}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            select
            size="small"
            label={translate(sl('talqAttribute'))}
            value={pick.attribute}
            onChange={(e) => setChosen({ fn: pick.fn, attribute: e.target.value })}
            sx={{ minWidth: 200 }}
          >
            {(fnOf(pick.fn)?.readable ?? []).map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" size="small" disabled={busy || !pick.attribute} onClick={read}>
            {translate(sl('talqRead'))}
          </Button>
        </Box>
      )}
      {answer && (
        <Alert
          severity={answer.ok ? 'success' : 'error'}
          sx={{ mt: 1, py: 0 }}
          data-testid="module-talq-answer"
        >
          {answer.text}
        </Alert>
      )}
    </DeviceCard>
  );
}
