import { useState } from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { sl } from '../../../i18n/messages.ts';
import { http } from '../../../providers/http.ts';

/** Whether the controller reads its cabinet's meter: told to the controller first, stored once it confirms. */
export function MeterOption({ editable }: { editable: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const set = async (enabled: boolean) => {
    setBusy(true);
    try {
      await http('POST', '/api/v2/controllers/configure-option-meter', { id: record.id, enabled });
      notify(sl('controllerSaved'), { type: 'success' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormControlLabel
      data-testid="controller-reading-meter"
      label={translate(sl('controllerReadingMeter'))}
      control={
        <Switch
          checked={record.readingMeter === true}
          disabled={!editable || busy}
          onChange={(e) => void set(e.target.checked)}
        />
      }
    />
  );
}
