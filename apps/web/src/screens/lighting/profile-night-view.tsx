import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { draftNight, savedNight, type ProfileDraft } from './lighting-api.ts';
import { NightChart } from './night-chart.tsx';
import { useAnswer } from './use-answer.ts';
import { useDebounced } from './use-debounced.ts';

type Props = { profile: number; draft: ProfileDraft | undefined; date: string; city: number | undefined };

/** A profile's night: the form's as it stands (asked ~300 ms after the last edit), else the saved profile's. */
export function ProfileNightView({ profile, draft, date, city }: Props) {
  const translate = useTranslate();
  const asked = useDebounced(JSON.stringify({ draft, date, city }), 300);
  const answer = useAnswer(city === undefined ? undefined : asked, () => {
    const q = JSON.parse(asked) as Omit<Props, 'profile'>;
    return q.draft ? draftNight(q.draft, q.date, q.city!) : savedNight(profile, q.date, q.city);
  });
  if (city === undefined) return <Typography variant="body2">{translate(sl('lightingNoCity'))}</Typography>;
  const night = answer.state === 'done' ? answer.value : answer.last;
  return (
    <Box aria-busy={answer.state === 'loading'}>
      {answer.state === 'invalid' && <Alert severity="warning">{translate(sl('lightingInvalid'))}</Alert>}
      {answer.state === 'failed' && <Alert severity="error">{translate(sl('lightingFailed'))}</Alert>}
      {night ? (
        <Box sx={{ opacity: answer.state === 'done' ? 1 : 0.5 }}>
          <NightChart night={night} />
        </Box>
      ) : (
        answer.state === 'loading' && (
          <Typography variant="body2">{translate(sl('lightingLoading'))}</Typography>
        )
      )}
      {draft && (
        <Typography variant="caption" color="text.secondary">
          {translate(sl('lightingDraft'))}
        </Typography>
      )}
    </Box>
  );
}
