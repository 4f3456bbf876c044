import { useCallback, useEffect, useMemo, useState } from 'react';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { HttpError, Title, useLocaleState, useTranslate } from 'react-admin';
import { may } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { canDo, storedSubject } from '../../providers/auth-provider.ts';
import { daysOfPeriod, type CalendarDay, type DaysOf } from './calendar-api.ts';
import { dayTitle, firstDayOfWeek, isoDay, monthTitle, shiftMonth, weekdayOfDay } from './calendar-dates.ts';
import { choosesGroup } from '../network/group-choice.tsx';
import { CalendarGroup, type ChosenGroup } from './calendar-group.tsx';
import { CalendarLegend } from './calendar-legend.tsx';
import { cityWeekend, keepsGroupDays } from './city-weekend.ts';
import { DayDialog } from './day-dialog.tsx';
import { MonthGrid } from './month-grid.tsx';
import { UploadButton } from './upload-button.tsx';
import { YearGrid } from './year-grid.tsx';

const errorCodeOf = (err: unknown) =>
  (err instanceof HttpError && (err.body as { code?: string } | null)?.code) || 'null';

const now = new Date();
const TODAY = isoDay(now.getFullYear(), now.getMonth() + 1, now.getDate());

/**
 * The calendar of day types of the user's group (spec §2), or of the group chosen by a user who sees several: a
 * month or a whole year, set by day or by CSV.
 */
export default function CalendarScreen() {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const chooses = useMemo(choosesGroup, []);
  /** the group a user who sees several chose (undefined until the chooser knows the groups) */
  const [chosen, setChosen] = useState<ChosenGroup>();
  const choose = useCallback((g: ChosenGroup) => setChosen(g), []);
  const group: DaysOf | undefined = chooses ? chosen?.id : keepsGroupDays() ? 'own' : null;
  const zone = chosen?.timezone;
  const weekend = useMemo(
    () => cityWeekend(chooses && zone !== undefined ? { timezone: zone } : undefined),
    [chooses, zone],
  );
  const [view, setView] = useState<'month' | 'year'>('month');
  const [period, setPeriod] = useState({ year: now.getFullYear(), month: now.getMonth() + 1 });
  const [days, setDays] = useState<ReadonlyMap<string, CalendarDay>>(new Map());
  const [version, setVersion] = useState(0);
  /** the spec §8 code the period's days were refused with (CalendarSettingsError: the group has no time zone) */
  const [failure, setFailure] = useState<string>();
  const [picked, setPicked] = useState<string>();
  const editable = canDo('CalendarProfiles', 'create') && canDo('CalendarProfiles', 'edit');
  const subject = storedSubject();
  const mayUpload = editable && subject !== undefined && may(subject, 'CalendarProfiles', 'upload', true);
  const { year, month } = period;
  useEffect(() => {
    if (group === undefined) return;
    let gone = false;
    daysOfPeriod(year, view === 'month' ? month : undefined, group)
      .then((list) => {
        if (gone) return;
        setDays(new Map(list.map((d) => [d.date, d])));
        setFailure(undefined);
      })
      .catch((err: unknown) => !gone && setFailure(errorCodeOf(err)));
    return () => {
      gone = true;
    };
  }, [year, month, view, version, group]);
  const step = (by: number) =>
    setPeriod(view === 'month' ? shiftMonth(year, month, by) : { year: year + by, month });
  const firstDay = useMemo(() => firstDayOfWeek(language), [language]);
  const shown = { year, days, weekend, language, firstDay, today: TODAY };
  const reload = () => setVersion((v) => v + 1);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl('calendar')} />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ mr: 2 }}>
            {translate(sl('calendar'))}
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v) => v && setView(v)}>
            <ToggleButton value="month">{translate(sl('calendarMonth'))}</ToggleButton>
            <ToggleButton value="year">{translate(sl('calendarYear'))}</ToggleButton>
          </ToggleButtonGroup>
          <IconButton aria-label={translate(sl('calendarPrevious'))} onClick={() => step(-1)}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label={translate(sl('calendarNext'))} onClick={() => step(1)}>
            <ChevronRightIcon />
          </IconButton>
          <Typography variant="h6" component="h2" sx={{ minWidth: 180 }} data-testid="calendar-period">
            {view === 'month' ? monthTitle(language, year, month) : year}
          </Typography>
          <Button
            size="small"
            onClick={() => setPeriod({ year: now.getFullYear(), month: now.getMonth() + 1 })}
          >
            {translate(sl('calendarToday'))}
          </Button>
          <Box sx={{ flex: 1 }} />
          <CalendarGroup onChange={choose} />
          {mayUpload && group !== undefined && <UploadButton group={group} onUploaded={reload} />}
        </Box>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="calendar-failure">
            {translate(`error.${failure}`)}
          </Alert>
        )}
        {!editable && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate(sl('calendarReadOnly'))}
          </Alert>
        )}
        {view === 'month' ? (
          <MonthGrid {...shown} month={month} onPick={editable ? setPicked : undefined} />
        ) : (
          <YearGrid
            {...shown}
            onMonth={(m) => {
              setPeriod({ year, month: m });
              setView('month');
            }}
          />
        )}
        <CalendarLegend />
      </CardContent>
      {picked && (
        <DayDialog
          date={picked}
          title={dayTitle(language, picked)}
          set={days.get(picked)}
          current={weekend.includes(weekdayOfDay(picked)) ? 'weekend' : 'workday'}
          group={group ?? 'own'}
          onClose={(saved) => {
            setPicked(undefined);
            if (saved) reload();
          }}
        />
      )}
    </Card>
  );
}
