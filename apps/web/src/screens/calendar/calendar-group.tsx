import { useEffect } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useStore, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { choosesGroup, useChoosableGroups } from '../network/group-choice.tsx';

/** The shared days every group follows (the days of no group), as the chooser names them. */
const SHARED = 'shared';

export type ChosenGroup = { id: number | null; timezone?: string | null };

/**
 * Whose calendar a user who sees several groups looks at (issue 28 §5): the one last chosen (remembered), else the
 * first by name (the only one, in a city of one group), or the shared days; a group's user sees theirs and no
 * chooser. `onChange` gets the group once the list is known, so the calendar never shows the wrong days first.
 */
export function CalendarGroup({ onChange }: { onChange(group: ChosenGroup): void }) {
  const translate = useTranslate();
  const chooses = choosesGroup();
  const [remembered, remember] = useStore<number | typeof SHARED | null>('sl.calendar.group', null);
  const { data } = useChoosableGroups();
  const known = remembered === SHARED || data?.some((g) => g.id === remembered);
  const value = known ? remembered : (data?.[0]?.id ?? SHARED);
  const group = data?.find((g) => g.id === value);
  const timezone = (group?.timezone as string | null | undefined) ?? null;
  useEffect(() => {
    if (data) onChange({ id: value === SHARED ? null : Number(value), timezone });
  }, [data, value, timezone, onChange]);
  if (!chooses || !data) return null;
  return (
    <TextField
      select
      size="small"
      label={translate(sl('calendarGroup'))}
      value={value ?? SHARED}
      onChange={(e) => remember(e.target.value === SHARED ? SHARED : Number(e.target.value))}
      sx={{ minWidth: 200 }}
      data-testid="calendar-group"
    >
      {data.map((g) => (
        <MenuItem key={g.id} value={g.id}>
          {String(g.name)}
        </MenuItem>
      ))}
      <MenuItem value={SHARED}>{translate(sl('calendarSharedDays'))}</MenuItem>
    </TextField>
  );
}
