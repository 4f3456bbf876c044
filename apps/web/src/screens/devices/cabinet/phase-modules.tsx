import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { STATUS_COLOURS, statusMeaning, type StatusMeaning } from '@sl/domain';
import { sl } from '../../../i18n/messages.ts';
import { STATUS_LABELS } from '../../../resources/status-label.tsx';

const ORDER: StatusMeaning[] = ['on', 'off', 'offline', 'broken', 'unknown'];
const TEXT = { off: '#000', on: '#fff', offline: '#000', broken: '#fff', unknown: '#000' } as const;

/** How many modules each phase feeds, by live status. */
export function PhaseModules({ modules }: { modules: RaRecord[] | undefined }) {
  const translate = useTranslate();
  if (!modules) return null;
  const phases = [1, 2, 3, null].map((phase) => {
    const of = modules.filter((m) => (typeof m.phase === 'number' ? m.phase : null) === phase);
    const counts = new Map<StatusMeaning, number>();
    for (const m of of) {
      const k = statusMeaning(typeof m.cl_status === 'number' ? m.cl_status : null);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return { phase, total: of.length, counts };
  });
  return (
    <Box data-testid="phase-modules">
      <Typography variant="subtitle1" component="h2">
        {translate(sl('cabinetPhaseModules'))}
      </Typography>
      {phases
        .filter((p) => p.phase !== null || p.total > 0)
        .map((p) => (
          <Stack
            key={String(p.phase)}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', minHeight: 32, flexWrap: 'wrap' }}
            data-testid={`phase-modules-${p.phase ?? 'none'}`}
          >
            <Typography variant="body2" sx={{ width: 120 }}>
              {p.phase === null
                ? translate(sl('cabinetNoPhase'))
                : translate(sl('cabinetPhaseOf'), { phase: 'ABC'[p.phase - 1] })}
            </Typography>
            <Typography variant="body2" sx={{ width: 90 }}>
              {translate(sl('cabinetModulesTotal'), { count: p.total })}
            </Typography>
            {ORDER.filter((k) => p.counts.get(k)).map((k) => (
              <Chip
                key={k}
                size="small"
                label={`${translate(sl(STATUS_LABELS[k]))}: ${p.counts.get(k)}`}
                sx={{ bgcolor: STATUS_COLOURS[k], color: TEXT[k] }}
              />
            ))}
          </Stack>
        ))}
    </Box>
  );
}
