import { Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber, type Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { useAnswer } from '../lighting/use-answer.ts';
import { useConsoleTime } from '../devices/city-time.ts';
import { fetchArchive } from './commands-api.ts';
import { commandTargetText, commandTypeName } from './command-text.ts';

const LATEST = 3;

/** The dashboard's commands still waiting for a controller: how many, and the latest few, leading to the archive. */
export function PendingCommandsWidget({ tick }: { tick: number }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const time = useConsoleTime();
  const answer = useAnswer(String(tick), () => fetchArchive({ outcome: ['pending'] }, 0, LATEST));
  const pending = answer.state === 'done' ? answer.value : answer.last;
  if (!pending)
    return answer.state === 'failed' ? (
      <Typography variant="body2">{translate(sl('dashboardFailed'))}</Typography>
    ) : null;
  return (
    <Stack spacing={0.5}>
      <Link
        component={RouterLink}
        to="/Commands?outcome=pending"
        variant="h6"
        underline="hover"
        data-testid="commands-pending-count"
      >
        {formatNumber(pending.total, lang, 0)}
      </Link>
      {pending.data.map((c) => (
        <Typography key={c.id} variant="body2" data-testid="commands-pending-item">
          {commandTypeName(c, translate, lang)} · {commandTargetText(c, translate)} · {c.login ?? '—'}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {time(c.createdAt)}
          </Typography>
        </Typography>
      ))}
      {pending.total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(sl('dashboardNoPending'))}
        </Typography>
      ) : (
        <Link component={RouterLink} to="/Commands?outcome=pending" variant="body2" underline="hover">
          {translate(sl('dashboardCommandsOpen'))}
        </Link>
      )}
    </Stack>
  );
}
