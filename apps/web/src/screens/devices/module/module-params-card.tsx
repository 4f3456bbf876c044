import { useState } from 'react';
import { Alert, Box, Button, TextField } from '@mui/material';
import { HttpError, useRecordContext, useTranslate } from 'react-admin';
import { MODULE_PARAMETER_RANGES as R } from '@sl/domain';
import { sl, type MessageKey } from '../../../i18n/messages.ts';
import { http, type ErrorBody } from '../../../providers/http.ts';
import { DeviceCard } from '../device-card.tsx';

const PARAMS = [
  { name: 'minPwm', label: 'deviceMinPwm', range: R.minPwm },
  { name: 'maxPwm', label: 'deviceMaxPwm', range: R.maxPwmLimit },
  { name: 'radioChannel', label: 'deviceRadioChannel', range: R.radioChannel },
  { name: 'radioPower', label: 'deviceRadioPower', range: R.radioPower },
] as const satisfies readonly { name: string; label: MessageKey; range: { min: number; max: number } }[];
type Name = (typeof PARAMS)[number]['name'];

const inRange = (v: string, r: { min: number; max: number }) =>
  /^\d+$/.test(v) && Number(v) >= r.min && Number(v) <= r.max;

/** The module's parameters within the spec §5 ranges, sent to it through its controller; those left empty stay. */
export function ModuleParamsCard() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [values, setValues] = useState<Partial<Record<Name, string>>>(() => ({
    ...(record?.lpwm != null && { minPwm: String(record.lpwm) }),
    ...(record?.cpwm != null && { maxPwm: String(record.cpwm) }),
  }));
  const [answer, setAnswer] = useState<{ ok: boolean; key: string }>();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const filled = PARAMS.filter((p) => values[p.name]);
  const valid = filled.length > 0 && filled.every((p) => inRange(values[p.name]!, p.range));
  const send = async () => {
    setBusy(true);
    try {
      const body = Object.fromEntries(filled.map((p) => [p.name, Number(values[p.name])]));
      await http('POST', '/api/v2/lamp-modules/params', { id: record.id, ...body });
      setAnswer({ ok: true, key: sl('deviceParamsSent') });
    } catch (err) {
      const code = err instanceof HttpError ? (err.body as ErrorBody | null)?.code : undefined;
      setAnswer({ ok: false, key: `error.${code ?? 'null'}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <DeviceCard title="deviceParams" testId="module-params">
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        {PARAMS.map((p) => {
          const v = values[p.name] ?? '';
          const wrong = v !== '' && !inRange(v, p.range);
          return (
            <TextField
              key={p.name}
              size="small"
              type="number"
              label={translate(sl(p.label))}
              value={v}
              error={wrong}
              helperText={translate(sl('deviceRange'), p.range)}
              slotProps={{ htmlInput: { min: p.range.min, max: p.range.max, step: 1 } }}
              onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
            />
          );
        })}
      </Box>
      <Button sx={{ mt: 1 }} variant="contained" size="small" disabled={!valid || busy} onClick={send}>
        {translate(sl('deviceParamsSend'))}
      </Button>
      {answer && (
        <Alert
          severity={answer.ok ? 'success' : 'error'}
          sx={{ mt: 1, py: 0 }}
          data-testid="module-params-answer"
        >
          {translate(answer.key)}
        </Alert>
      )}
    </DeviceCard>
  );
}
