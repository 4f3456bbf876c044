import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { LevelSlider } from '../level-slider.tsx';
import type { Outcome } from '../map/map-api.ts';

/** A level, apply / on / off, and the answer of the command that `send` makes of them. */
export function DimControls({
  send,
  initial,
  testId,
}: {
  send(level: number): Promise<Outcome>;
  initial: number;
  /** `{testId}-label` names the slider, `{testId}-answer` the answer */
  testId: string;
}) {
  const translate = useTranslate();
  const [pwm, setPwm] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const dim = async (level: number) => {
    setPwm(level);
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome(await send(level));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <LevelSlider
        labelId={`${testId}-label`}
        label={`${translate(sl('mapDim'))}: ${pwm}`}
        value={pwm}
        onChange={setPwm}
      />
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="contained" disabled={busy} onClick={() => void dim(pwm)}>
          {translate(sl('mapDimApply'))}
        </Button>
        <Button size="small" disabled={busy} onClick={() => void dim(100)}>
          {translate(sl('mapTurnOn'))}
        </Button>
        <Button size="small" disabled={busy} onClick={() => void dim(0)}>
          {translate(sl('mapTurnOff'))}
        </Button>
      </Stack>
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          sx={{ mt: 1, py: 0 }}
          data-testid={`${testId}-answer`}
        >
          {translate(outcome.key)}
        </Alert>
      )}
    </>
  );
}
