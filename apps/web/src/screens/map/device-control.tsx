import { useEffect, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { contactorsClosed, decodeIo, type Inversion } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { LevelSlider } from '../level-slider.tsx';
import { dimModule, dimSupport, switchPhase, type Outcome, type Row } from './map-api.ts';
import type { MapLayer } from './map-style.ts';

type Props = {
  layer: MapLayer;
  /** the device of the popup */
  id: number;
  /** the lamp modules a dim goes to: the module itself, or those of a support */
  modules: Row[] | undefined;
  /** the controller whose phases a cabinet or controller switches */
  controller: Row | undefined;
  /** the cabinet it switches, whose contactors may be wired inverted */
  cabinet?: Row;
  onOutcome(o: Outcome): void;
};

/** Dimming for lamps, phase switches for cabinets; shown only to users with the `command` right. */
export function DeviceControl({ layer, id, modules, controller, cabinet, onOutcome }: Props) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<Outcome>) => {
    setBusy(true);
    try {
      onOutcome(await work());
    } finally {
      setBusy(false);
    }
  };

  if (layer === 'LuminaryModules' || layer === 'LuminarySupports') {
    if (!modules?.length)
      return (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate(sl('mapNoModules'))}
        </Typography>
      );
    // a support's lamps are one command, so the archive and the answer speak of the mounting as a whole
    const dim = (pwm: number) => run(() => (layer === 'LuminarySupports' ? dimSupport : dimModule)(id, pwm));
    return <Dimmer level={Number(modules[0]!.pwm ?? 100)} busy={busy} onDim={dim} />;
  }

  const mac = controller?.mac;
  if (typeof mac !== 'string')
    return (
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate(sl('mapNoController'))}
      </Typography>
    );
  const wiring = {
    polarity: Number(controller?.polarity ?? 0),
    inversion: (cabinet?.inversion ?? {}) as Inversion,
  };
  return <PhaseSwitches mac={mac} iostate={controller?.iostate} wiring={wiring} onOutcome={onOutcome} />;
}

/**
 * A switch per phase, beside what the controller last reported: whether the phase's lamps are fed (its relay
 * output read through the controller's polarity and the cabinet's inversion), the output itself, and its breaker.
 */
function PhaseSwitches({
  mac,
  iostate,
  wiring,
  onOutcome,
}: {
  mac: string;
  iostate: unknown;
  wiring: { polarity: number; inversion: Inversion };
  onOutcome(o: Outcome): void;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [reported, setReported] = useState(typeof iostate === 'number' ? iostate : undefined);
  const io = reported === undefined ? undefined : decodeIo(reported);
  const fed =
    reported === undefined ? undefined : contactorsClosed(reported, wiring.polarity, wiring.inversion);
  const run = async (phase: 1 | 2 | 3, on: boolean) => {
    setBusy(true);
    try {
      const o = await switchPhase(mac, phase, on);
      if (o.iostate !== undefined) setReported(o.iostate);
      onOutcome(o);
    } finally {
      setBusy(false);
    }
  };
  const stateOf = (phase: 1 | 2 | 3) => {
    if (!io || !fed) return translate(sl('mapPhaseUnknown'));
    const lamps = translate(sl(fed[phase - 1] ? 'mapPhaseFed' : 'mapPhaseNotFed'));
    const relay = `${lamps} (${translate(sl(io.relays[phase - 1] ? 'mapPhaseOn' : 'mapPhaseOff'))})`;
    return io.breakers[phase - 1] ? relay : `${relay}, ${translate(sl('mapBreakerTripped'))}`;
  };
  return (
    <Box sx={{ mt: 1 }} data-testid="map-phases">
      {([1, 2, 3] as const).map((phase) => (
        <Stack key={phase} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {translate(sl('mapPhase'))} {'ABC'[phase - 1]}
          </Typography>
          <Typography variant="body2" sx={{ flexGrow: 1 }} data-testid={`map-phase-${phase}`}>
            {stateOf(phase)}
          </Typography>
          <Button size="small" disabled={busy} onClick={() => run(phase, true)}>
            {translate(sl('mapTurnOn'))}
          </Button>
          <Button size="small" disabled={busy} onClick={() => run(phase, false)}>
            {translate(sl('mapTurnOff'))}
          </Button>
        </Stack>
      ))}
    </Box>
  );
}

/** `level`: the lamp's level as last reported; the slider follows it, whoever dimmed the lamp */
function Dimmer({ level, busy, onDim }: { level: number; busy: boolean; onDim(pwm: number): void }) {
  const translate = useTranslate();
  const [pwm, setPwm] = useState(level);
  useEffect(() => setPwm(level), [level]);
  return (
    <Box sx={{ mt: 1 }} data-testid="map-dimmer">
      <LevelSlider
        labelId="map-dim-label"
        label={`${translate(sl('mapDim'))}: ${pwm}`}
        value={pwm}
        onChange={setPwm}
      />
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="contained" disabled={busy} onClick={() => onDim(pwm)}>
          {translate(sl('mapDimApply'))}
        </Button>
        <Button size="small" disabled={busy} onClick={() => (setPwm(100), onDim(100))}>
          {translate(sl('mapTurnOn'))}
        </Button>
        <Button size="small" disabled={busy} onClick={() => (setPwm(0), onDim(0))}>
          {translate(sl('mapTurnOff'))}
        </Button>
      </Stack>
    </Box>
  );
}
