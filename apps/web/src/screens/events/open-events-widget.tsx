import { Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { EVENT_TYPES, formatNumber, type Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { useAnswer } from '../lighting/use-answer.ts';
import { openEventCounts } from './events-api.ts';

/** The dashboard's open events per type (the caller's group), each leading to the events of that type. */
export function OpenEventsWidget({ tick }: { tick: number }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const answer = useAnswer(String(tick), openEventCounts);
  const counts = answer.state === 'done' ? answer.value : answer.last;
  if (!counts)
    return answer.state === 'failed' ? (
      <Typography variant="body2">{translate(sl('dashboardFailed'))}</Typography>
    ) : null;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <Stack>
      <Typography variant="h6" data-testid="open-events-total">
        {formatNumber(total, lang, 0)}
      </Typography>
      {EVENT_TYPES.map((type) => (
        <Link
          key={type}
          component={RouterLink}
          to={`/Events?type=${type}`}
          variant="body2"
          underline="hover"
          color={counts[type] ? 'primary' : 'text.secondary'}
          data-testid={`open-events-${type}`}
        >
          {translate(`sl.${type}`)}: {formatNumber(counts[type] ?? 0, lang, 0)}
        </Link>
      ))}
    </Stack>
  );
}
