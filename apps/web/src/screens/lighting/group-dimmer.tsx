import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { HttpError, useLocaleState, useTranslate } from 'react-admin';
import { controlAnswerError, formatMeasure, type Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { LevelSlider } from '../level-slider.tsx';
import type { ErrorBody } from '../../providers/http.ts';
import { dimGroup, type GroupDim } from './lighting-api.ts';

type Outcome =
  { state: 'sending' } | { state: 'answered'; answer: GroupDim } | { state: 'refused'; code: string };

/**
 * Dims every lamp of a group control now, and says what the controllers answered: the call returns once each has
 * confirmed, failed or not answered in time, so nothing is shown as done before the field said so.
 */
export function GroupDimmer({ groupControl }: { groupControl: number }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const [pwm, setPwm] = useState(50);
  const [outcome, setOutcome] = useState<Outcome>();
  const dim = async () => {
    setOutcome({ state: 'sending' });
    try {
      setOutcome({ state: 'answered', answer: await dimGroup(groupControl, pwm) });
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as ErrorBody | null) : null;
      setOutcome({ state: 'refused', code: body?.code ?? 'null' });
    }
  };
  return (
    <Box data-testid="group-dimmer">
      <Typography variant="subtitle1">{translate(sl('groupControlDim'))}</Typography>
      <LevelSlider
        labelId="group-dim-label"
        label={translate(sl('groupControlDimLevel'), { level: formatMeasure(pwm, 'percent', lang, 0) })}
        value={pwm}
        onChange={setPwm}
      />
      <Button variant="contained" size="small" disabled={outcome?.state === 'sending'} onClick={dim}>
        {translate(sl('groupControlDimButton'))}
      </Button>
      {outcome && <DimOutcome outcome={outcome} />}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {translate(sl('groupControlHold'))}
      </Typography>
    </Box>
  );
}

function DimOutcome({ outcome }: { outcome: Outcome }) {
  const translate = useTranslate();
  if (outcome.state === 'sending')
    return (
      <Alert severity="info" sx={{ mt: 1, py: 0 }} data-testid="group-dim-outcome">
        {translate(sl('groupControlDimSending'))}
      </Alert>
    );
  if (outcome.state === 'refused')
    return (
      <Alert severity="error" sx={{ mt: 1, py: 0 }} data-testid="group-dim-outcome">
        {translate(`error.${outcome.code}`)}
      </Alert>
    );
  const { code, counts } = outcome.answer;
  const failure = controlAnswerError(code, 'dim');
  return (
    <Alert severity={failure ? 'error' : 'success'} sx={{ mt: 1, py: 0 }} data-testid="group-dim-outcome">
      {failure ? translate(`error.${failure}`) : translate(sl('groupControlOutcomeDone'))}
      {counts && <Typography variant="body2">{translate(sl('groupControlOutcome'), counts)}</Typography>}
    </Alert>
  );
}
