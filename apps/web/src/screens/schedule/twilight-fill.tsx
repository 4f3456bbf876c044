import { useState } from 'react';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { LOCALES, TWILIGHT_METHODS, type Language } from '@sl/domain';
import { mergeDays, toMonthRecords } from '@sl/domain/schedule';
import { DateTextField } from '../../resources/inputs/date-text-field.tsx';
import { sl } from '../../i18n/messages.ts';
import { monthsBetween, saveMonth, twilightOf, type Fill } from './schedule-api.ts';

type Props = {
  /** every controller chosen: each is filled from its own city's twilight */
  chosen: number[];
  year: number;
  fill: Fill;
  onFill(fill: Fill): void;
  onFilled(): void;
};

/** The longest range the server's twilight answers at once. */
const MAX_DAYS = 366;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * "Fill from twilight" (issue 12): a twilight method plus offsets fills the year shown or a range of days for
 * each controller chosen, in its own city's time; days outside the range keep what they had.
 */
export function TwilightFill({ chosen, year, fill, onFill, onFilled }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [lang] = useLocaleState() as [Language, unknown];
  // a calendar date in the chosen language
  const shown = (date: string) =>
    new Date(`${date}T00:00:00Z`).toLocaleDateString(LOCALES[lang], { timeZone: 'UTC' });
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(`${year}-01-31`);
  const rangeOk = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const span = rangeOk ? daysBetween(from, to) : 0;
  const badRange = rangeOk && (span < 1 || span > MAX_DAYS);
  const fillDays = async (
    first: string,
    last: string,
    done: 'scheduleFilledYear' | 'scheduleFilledRange',
    args?: Record<string, string>,
  ) => {
    try {
      for (const id of chosen) {
        const { timeZone, days } = await twilightOf(id, first, last, fill);
        const stored = new Map(
          (await monthsBetween(id, first.slice(0, 7), last.slice(0, 7))).map((r) => [r.month, r.timeData]),
        );
        for (const [m, timeData] of toMonthRecords(days, timeZone))
          await saveMonth(id, m, mergeDays(stored.get(m) ?? [], timeData));
      }
      notify(sl(done), { type: 'success', messageArgs: args });
      onFilled();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const setNumber = (key: 'onOffset' | 'offOffset', v: string) => onFill({ ...fill, [key]: Number(v) || 0 });
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
      <Typography variant="subtitle2">{translate(sl('scheduleFill'))}</Typography>
      <TextField
        select
        size="small"
        label={translate(sl('scheduleMethod'))}
        sx={{ width: 280 }}
        value={fill.method}
        onChange={(e) => onFill({ ...fill, method: e.target.value })}
      >
        {TWILIGHT_METHODS.map((m) => (
          <MenuItem key={m} value={m}>
            {translate(`sl.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="number"
        label={translate(sl('scheduleOnOffset'))}
        value={fill.onOffset}
        onChange={(e) => setNumber('onOffset', e.target.value)}
        sx={{ width: 170 }}
      />
      <TextField
        size="small"
        type="number"
        label={translate(sl('scheduleOffOffset'))}
        value={fill.offOffset}
        onChange={(e) => setNumber('offOffset', e.target.value)}
        sx={{ width: 170 }}
      />
      <Button
        variant="outlined"
        size="small"
        onClick={() => void fillDays(`${year}-01-01`, `${year}-12-31`, 'scheduleFilledYear')}
      >
        {translate(sl('scheduleFillYear'))}
      </Button>
      <DateInput label={translate(sl('scheduleRangeFrom'))} value={from} onChange={setFrom} />
      <DateInput
        label={translate(sl('scheduleRangeTo'))}
        value={to}
        onChange={setTo}
        problem={badRange ? translate(sl('scheduleRangeInvalid'), { max: MAX_DAYS }) : undefined}
      />
      <Button
        variant="outlined"
        size="small"
        disabled={!rangeOk || badRange}
        onClick={() => void fillDays(from, to, 'scheduleFilledRange', { from: shown(from), to: shown(to) })}
      >
        {translate(sl('scheduleFillRange'))}
      </Button>
    </Box>
  );
}

function DateInput(props: { label: string; value: string; onChange(v: string): void; problem?: string }) {
  return (
    <DateTextField
      kind="day"
      size="small"
      label={props.label}
      value={props.value}
      onChange={(v) => props.onChange(v ?? '')}
      error={props.problem !== undefined}
      helperText={props.problem}
      sx={{ width: 170 }}
    />
  );
}
