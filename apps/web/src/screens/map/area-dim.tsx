import { useEffect, useState } from 'react';
import { Alert, IconButton, Paper, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useLocaleState, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { DimControls } from '../devices/dim-controls.tsx';
import { dimArea, failureOf, modulesIn, type Area } from './find-api.ts';
import type { Outcome } from './map-api.ts';

type Preview = { modules: number[]; max: number; over?: boolean };

/** The control modules of the chosen area, and one dim for all of them with each controller's answer counted. */
export function AreaDim({ area, canCommand, onClose }: { area: Area; canCommand: boolean; onClose(): void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [preview, setPreview] = useState<Preview>();
  const [counts, setCounts] = useState<string>();

  useEffect(() => {
    let gone = false;
    setPreview(undefined);
    setCounts(undefined);
    modulesIn(area).then(
      (p) => !gone && setPreview(p),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [area]);

  const send = async (level: number): Promise<Outcome> => {
    setCounts(undefined);
    try {
      const answer = await dimArea(area, level);
      const failure = failureOf(answer);
      if (answer.counts) setCounts(translate(sl('mapAreaAnswer'), answer.counts));
      return failure ? { ok: false, key: `error.${failure}` } : { ok: true, key: sl('mapCommandDone') };
    } catch (err) {
      const code = (err as { body?: { code?: string } }).body?.code ?? 'null';
      return { ok: false, key: `error.${code}` };
    }
  };

  return (
    <Paper
      data-testid="map-area-dim"
      sx={{ position: 'absolute', right: 56, top: 8, width: 300, p: 1.5, zIndex: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {area.kind === 'district' ? area.name : translate(sl('mapArea'))}
        </Typography>
        <IconButton size="small" aria-label={translate(sl('mapClose'))} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      {!preview && <Typography variant="body2">{translate(sl('mapLoading'))}</Typography>}
      {preview?.over && (
        <Alert severity="warning" sx={{ py: 0 }} data-testid="map-area-over">
          {translate(sl('mapAreaTooMany'))}
        </Alert>
      )}
      {preview && !preview.over && (
        <Typography variant="body2" data-testid="map-area-count">
          {translate(sl('mapAreaModules'), {
            smart_count: preview.modules.length,
            count: preview.modules.length.toLocaleString(locale),
          })}
        </Typography>
      )}
      {canCommand && preview && !preview.over && preview.modules.length > 0 && (
        <DimControls key={JSON.stringify(area)} send={send} initial={100} testId="map-area-dim" />
      )}
      {counts && (
        <Typography variant="caption" component="p" data-testid="map-area-counts">
          {counts}
        </Typography>
      )}
    </Paper>
  );
}
