import { Box, Typography } from '@mui/material';
import type { CalendarDay } from './calendar-api.ts';
import { dayTitle, isoDay, monthWeeks, weekdayName, weekdayOf, weekOrder } from './calendar-dates.ts';
import { DayCell } from './day-cell.tsx';
import { lookOf, textOf } from './day-type-look.ts';

export type PeriodProps = {
  year: number;
  days: ReadonlyMap<string, CalendarDay>;
  weekend: readonly number[];
  firstDay: number;
  language: string;
  today: string;
};

/** A month as weeks of seven days; a day opens its dialog when `onPick` is given (the user may edit). */
export function MonthGrid(props: PeriodProps & { month: number; onPick?: (date: string) => void }) {
  const { year, month, days, weekend, firstDay, language, today, onPick } = props;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
        gridTemplateRows: 'auto',
        gridAutoRows: 'minmax(72px, auto)',
        gap: '1px',
        bgcolor: 'divider',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {weekOrder(firstDay).map((d) => (
        <Typography
          key={`h${d}`}
          variant="caption"
          sx={{
            bgcolor: 'background.paper',
            px: 1,
            py: 0.5,
            color: weekend.includes(d) ? textOf('weekend') : 'text.secondary',
          }}
        >
          {weekdayName(language, d)}
        </Typography>
      ))}
      {monthWeeks(year, month, firstDay)
        .flat()
        .map((day, i) => {
          if (day === null) return <Box key={`e${i}`} sx={{ bgcolor: 'background.default' }} />;
          const date = isoDay(year, month, day);
          return (
            <Box key={date} sx={{ bgcolor: 'background.paper' }}>
              <DayCell
                day={day}
                date={date}
                title={dayTitle(language, date)}
                look={lookOf(days.get(date), weekend.includes(weekdayOf(year, month, day)))}
                today={date === today}
                onPick={onPick && (() => onPick(date))}
              />
            </Box>
          );
        })}
    </Box>
  );
}
