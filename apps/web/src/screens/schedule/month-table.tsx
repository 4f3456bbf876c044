import { useEffect, useRef, useState } from 'react';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { localDays, toMonthRecords, type LocalScheduleDay, type ScheduleDay } from '@sl/domain/schedule';
import { sl } from '../../i18n/messages.ts';
import { DateTextField } from '../../resources/inputs/date-text-field.tsx';
import { saveMonth, twilightOf, type Fill } from './schedule-api.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: last }, (_, i) => `${month}-${pad(i + 1)}`);
};

type Props = {
  /** the controller shown (its days, its twilight) */
  controller: number;
  /** every controller the month is saved for, with its city's time zone */
  zones: Map<number, string>;
  month: string;
  stored: ScheduleDay[];
  timeZone: string;
  fill: Fill;
  editable: boolean;
  onSaved: () => void;
};

/**
 * A month's days in the city's local time, edited in place, filled from twilight, saved as one record for each
 * controller chosen.
 */
export function MonthTable({ controller, zones, month, stored, timeZone, fill, editable, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [days, setDays] = useState<LocalScheduleDay[]>([]);
  // each controller's own twilight days from the last fill, by date
  const [filled, setFilled] = useState<Map<number, Map<string, LocalScheduleDay>>>(new Map());
  // the month's stored days come back after each save: an edit typed meanwhile is kept, and so is the last fill,
  // so a day left as filled stays each controller's own twilight in the next save
  const context = `${controller}|${month}|${timeZone}`;
  const shownFor = useRef<string>(undefined);
  const edited = useRef(false);
  useEffect(() => {
    const same = shownFor.current === context;
    shownFor.current = context;
    if (same && edited.current) return;
    if (!same) edited.current = false;
    const set = new Map(localDays(month, stored, timeZone).map((d) => [d.date, d]));
    setDays(daysIn(month).map((date) => set.get(date) ?? { date }));
    if (!same) setFilled(new Map());
    setUnreadable(new Set());
  }, [context, stored]);
  // cells whose text is no time: the month is not saved while one is left
  const [unreadable, setUnreadable] = useState<ReadonlySet<string>>(new Set());
  const mark = (cell: string, bad: boolean) =>
    setUnreadable((all) => {
      if (all.has(cell) === bad) return all;
      const next = new Set(all);
      if (bad) next.add(cell);
      else next.delete(cell);
      return next;
    });
  const change = (date: string, key: 'off' | 'on', value: string) => {
    edited.current = true;
    mark(`${date}.${key}`, false);
    setDays((all) => all.map((d) => (d.date === date ? { ...d, [key]: value || undefined } : d)));
  };
  const fillMonth = async () => {
    const all = daysIn(month);
    const ids = [...new Set([controller, ...zones.keys()])];
    const each = await Promise.all(
      ids.map(async (id) => {
        const { days: sun } = await twilightOf(id, all[0]!, all.at(-1)!, fill);
        return [id, new Map(sun.map(({ date, off, on }) => [date, { date, off, on }]))] as const;
      }),
    );
    const byController = new Map(each);
    setFilled(byController);
    setUnreadable(new Set());
    edited.current = true;
    setDays(all.map((date) => byController.get(controller)?.get(date) ?? { date }));
  };
  /** A day left as filled is each controller's own twilight; a day edited by hand is the same local time for all. */
  const daysFor = (id: number, given: LocalScheduleDay[]) =>
    given.map((d) => {
      const shown = filled.get(controller)?.get(d.date);
      const untouched = shown && shown.off === d.off && shown.on === d.on;
      return (untouched && filled.get(id)?.get(d.date)) || d;
    });
  const save = async () => {
    edited.current = false;
    const given = days.filter((d) => d.off || d.on);
    try {
      // in each controller's own city's time
      for (const [id, zone] of zones)
        await saveMonth(id, month, toMonthRecords(daysFor(id, given), zone).get(month) ?? []);
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
          <Button variant="contained" size="small" disabled={unreadable.size > 0} onClick={() => void save()}>
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
                  <DateTextField
                    kind="time"
                    size="small"
                    variant="standard"
                    value={d[key] ?? ''}
                    disabled={!editable}
                    onChange={(v) => change(d.date, key, v ?? '')}
                    onUnreadable={() => mark(`${d.date}.${key}`, true)}
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
