import { useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { Language } from '@sl/domain';
import { Link } from 'react-router-dom';
import { sl } from '../../i18n/messages.ts';
import { zoneLabel } from '../../i18n/time-format.ts';
import { clockTime } from '../lighting/clock-format.ts';
import { tonightOf, type Tonight } from './schedule-api.ts';

const sourceMessage = (t: Tonight) =>
  t.source === 'schedule' ? 'scheduleFromRow' : t.by === 'MID' ? 'scheduleFallbackMid' : 'scheduleFallback';

/** Beside a cabinet's (or its controller's) screen: tonight's switch-on and switch-off and where they come from. */
export default function CabinetTonightAside() {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const clock = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return clockTime(lang)(h! * 60 + m!);
  };
  const record = useRecordContext();
  const resource = useResourceContext();
  const own = resource === 'Controllers' ? record?.id : record?.controller;
  const controller = typeof own === 'number' ? own : undefined;
  const [tonight, setTonight] = useState<Tonight | null>();
  useEffect(() => {
    if (controller === undefined) return;
    let gone = false;
    tonightOf(controller)
      .then((t) => !gone && setTonight(t))
      .catch(() => !gone && setTonight(null));
    return () => void (gone = true);
  }, [controller, record?.updatedAt]);
  if (controller === undefined) return null;
  return (
    <Card sx={{ ml: 2, mt: 1, width: 280, alignSelf: 'flex-start' }} data-testid="cabinet-tonight">
      <CardContent>
        <Typography variant="subtitle2">{translate(sl('scheduleTonight'))}</Typography>
        {tonight && (
          <>
            <Typography variant="body2">
              {tonight.on && tonight.off
                ? translate(sl('scheduleTonightTimes'), { on: clock(tonight.on), off: clock(tonight.off) })
                : translate(sl('scheduleTonightDark'))}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {translate(sl(sourceMessage(tonight)), { zone: zoneLabel(new Date(), lang, tonight.timeZone) })}
            </Typography>
            {tonight.mode === 'MANUAL' && (
              <Alert severity="warning" sx={{ mt: 1 }} data-testid="cabinet-manual">
                {translate(sl('scheduleManual'))}
              </Alert>
            )}
          </>
        )}
        {tonight === null && (
          <Typography variant="body2">{translate(sl('scheduleTonightUnknown'))}</Typography>
        )}
        <Button
          size="small"
          component={Link}
          to={`/PowerSchedule?controller=${controller}`}
          sx={{ mt: 1, px: 0 }}
        >
          {translate(sl('schedule'))}
        </Button>
      </CardContent>
    </Card>
  );
}
