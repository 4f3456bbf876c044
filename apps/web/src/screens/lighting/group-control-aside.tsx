import { Card, CardContent, Divider, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { may } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { ASIDE_CARD } from './aside-card.ts';
import { storedSubject } from '../../providers/auth-provider.ts';
import { GroupDimmer } from './group-dimmer.tsx';
import { GroupLampList } from './group-lamp-list.tsx';
import { GroupNight } from './group-night.tsx';
import { groupLamps } from './lighting-api.ts';
import { useAnswer } from './use-answer.ts';

/** Beside a group control: its lamps, its profile and tonight's night of it, and dimming the group now. */
export default function GroupControlAside() {
  const translate = useTranslate();
  const record = useRecordContext();
  const id = record ? Number(record.id) : undefined;
  const lamps = useAnswer(id === undefined ? undefined : String(id), () => groupLamps(id!));
  if (id === undefined) return null;
  const subject = storedSubject();
  const canCommand = subject ? may(subject, 'control', 'command', false) : false;
  const known = lamps.state === 'done' ? lamps.value : undefined;
  return (
    <Card sx={ASIDE_CARD} data-testid="group-control">
      <CardContent>
        <Typography variant="subtitle1">{translate(sl('groupControlLamps'))}</Typography>
        {lamps.state === 'failed' && (
          <Typography variant="body2">{translate(sl('lightingFailed'))}</Typography>
        )}
        {known && <GroupLampList lamps={known} />}
        <Divider sx={{ my: 1.5 }} />
        <GroupNight groupControl={id} fallbackCity={known?.city ?? undefined} />
        {canCommand && known && known.count > 0 && (
          <>
            <Divider sx={{ my: 1.5 }} />
            <GroupDimmer groupControl={id} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
