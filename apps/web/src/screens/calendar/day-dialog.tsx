import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { DAY_TYPES } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { saveDay, type CalendarDay, type DaysOf } from './calendar-api.ts';
import { DAY_COLOURS } from './day-type-look.ts';

type Props = {
  date: string;
  title: string;
  set?: CalendarDay; /** the type the date has when none is set */
  current: string;
  /** whose day it is */
  group: DaysOf;
  onClose: (saved: boolean) => void;
};

/** Sets the day type and label of one date (the calendar's POST: a date already set is changed). */
export function DayDialog({ date, title, set, current, group, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [type, setType] = useState(set?.type ?? current);
  const [label, setLabel] = useState(set?.label ?? '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await saveDay({ ...(set && { _id: set._id }), date, type, label: label.trim() || null }, group);
      notify(sl('calendarSaved'), { type: 'success' });
      onClose(true);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          label={translate(sl('calendarDayType'))}
          value={type}
          onChange={(e) => setType(e.target.value)}
        >
          {DAY_TYPES.map((t) => (
            <MenuItem key={t} value={t} sx={{ borderLeft: 4, borderLeftColor: DAY_COLOURS[t] }}>
              {translate(`sl.${t}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate(sl('calendarDayLabel'))}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
