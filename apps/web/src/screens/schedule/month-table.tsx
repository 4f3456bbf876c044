import { useEffect, useState } from 'react';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { localDays, toMonthRecords, type LocalScheduleDay, type ScheduleDay } from '@sl/domain/schedule';
import { sl } from '../../i18n/messages.ts';
import { saveMonth, twilightOf, type Fill } from './schedule-api.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: last }, (_, i) => `${month}-${pad(i + 1)}`);
};

type Props = {
  controller: number;
  month: string;
  stored: ScheduleDay[];
  timeZone: string;
  fill: Fill;
  editable: boolean;
  onSaved: () => void;
};

/** A month's days in the city's local time, edited in place, filled from twilight, saved as one record. */
export function MonthTable({ controller, month, stored, timeZone, fill, editable, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [days, setDays] = useState<LocalScheduleDay[]>([]);
  useEffect(() => {
    const set = new Map(localDays(month, stored, timeZone).map((d) => [d.date, d]));
    setDays(daysIn(month).map((date) => set.get(date) ?? { date }));
  }, [month, stored, timeZone]);
  const change = (date: string, key: 'off' | 'on', value: string) =>
    setDays((all) => all.map((d) => (d.date === date ? { ...d, [key]: value || undefined } : d)));
  const fillMonth = async () => {
    const all = daysIn(month);
    const { days: filled } = await twilightOf(controller, all[0]!, all.at(-1)!, fill);
    setDays(filled.map(({ date, off, on }) => ({ date, off, on })));
  };
  const save = async () => {
    const records = toMonthRecords(
      days.filter((d) => d.off || d.on),
      timeZone,
    );
    try {
      await saveMonth(controller, month, records.get(month) ?? []);
      notify(sl('scheduleSaved'), { type: 'success' });
      onSaved();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Box>
      {editable && (
        <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
          <Button variant="outlined" size="small" onClick={() => void fillMonth()}>
            {translate(sl('scheduleFillMonth'))}
          </Button>
          <Button variant="contained" size="small" onClick={() => void save()}>
            {translate(sl('scheduleSave'))}
          </Button>
        </Box>
      )}
      <Table size="small" data-testid="schedule-month">
        <TableHead>
          <TableRow>
            <TableCell>{translate(sl('scheduleDate'))}</TableCell>
            <TableCell>{translate(sl('scheduleOff'))}</TableCell>
            <TableCell>{translate(sl('scheduleOn'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {days.map((d) => (
            <TableRow key={d.date} data-testid={`schedule-day-${d.date}`}>
              <TableCell>{d.date.slice(8)}</TableCell>
              {(['off', 'on'] as const).map((key) => (
                <TableCell key={key} sx={{ py: 0.25 }}>
                  <TextField
                    type="time"
                    size="small"
                    variant="standard"
                    value={d[key] ?? ''}
                    disabled={!editable}
                    onChange={(e) => change(d.date, key, e.target.value)}
                    slotProps={{
                      htmlInput: {
                        'aria-label': `${translate(sl(key === 'off' ? 'scheduleOff' : 'scheduleOn'))} ${d.date}`,
                      },
                    }}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
