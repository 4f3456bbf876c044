import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { profileYear } from './lighting-api.ts';
import { useAnswer } from './use-answer.ts';
import { YearChart } from './year-chart.tsx';

/** A saved profile's year in a city (the year of an unsaved form is not computed: a year costs the server more). */
export function ProfileYearView({ profile, year, city }: { profile: number; year: number; city?: number }) {
  const translate = useTranslate();
  const answer = useAnswer(city === undefined ? undefined : `${profile}/${year}/${city}`, () =>
    profileYear(profile, year, city),
  );
  if (city === undefined) return <Typography variant="body2">{translate(sl('lightingNoCity'))}</Typography>;
  const shown = answer.state === 'done' ? answer.value : answer.last;
  return (
    <Box aria-busy={answer.state === 'loading'}>
      {answer.state === 'failed' && <Alert severity="error">{translate(sl('lightingFailed'))}</Alert>}
      {shown ? (
        <Box sx={{ opacity: answer.state === 'done' ? 1 : 0.5 }}>
          <YearChart year={shown} />
        </Box>
      ) : (
        <Typography variant="body2">{translate(sl('lightingLoading'))}</Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {translate(sl('lightingYearSaved'))}
      </Typography>
    </Box>
  );
}
