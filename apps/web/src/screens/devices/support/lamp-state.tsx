import { Stack, Typography } from '@mui/material';
import { RecordContextProvider, useLocaleState } from 'react-admin';
import { formatMeasure, type Language } from '@sl/domain';
import { StatusLabel } from '../../../resources/status-label.tsx';

/** A lamp module's state as it last reported: its status chip, level and power. */
export function LampState({ module }: { module: Record<string, unknown> | undefined }) {
  const [lang] = useLocaleState() as [Language, unknown];
  if (!module) return null;
  const measure = (v: unknown, unit: 'percent' | 'W') =>
    typeof v === 'number' ? formatMeasure(v, unit, lang, unit === 'W' ? 1 : 0) : '—';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <RecordContextProvider value={module}>
        <StatusLabel source="cl_status" />
      </RecordContextProvider>
      <Typography variant="body2">{measure(module.pwm, 'percent')}</Typography>
      <Typography variant="body2">{measure(module.pow, 'W')}</Typography>
    </Stack>
  );
}
