import { Box, ButtonBase, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isoDay, monthName, monthWeeks, weekdayName, weekdayOf, weekOrder } from './calendar-dates.ts';
import { DAY_COLOURS, fillOf, lookOf } from './day-type-look.ts';
import type { PeriodProps } from './month-grid.tsx';

/** A year as twelve small months, each day in its type's colour; a month's name opens that month. */
export function YearGrid(props: PeriodProps & { onMonth: (month: number) => void }) {
  const { onMonth, ...period } = props;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 2 }}>
      {Array.from({ length: 12 }, (_, i) => (
        <SmallMonth key={i} {...period} month={i + 1} onOpen={() => onMonth(i + 1)} />
      ))}
    </Box>
  );
}

function SmallMonth(props: PeriodProps & { month: number; onOpen: () => void }) {
  const { year, month, days, weekend, firstDay, language, today, onOpen } = props;
  const translate = useTranslate();
  return (
    <Box data-month={month}>
      <ButtonBase onClick={onOpen} sx={{ mb: 0.5, px: 0.5, borderRadius: 1 }}>
        <Typography variant="subtitle2">{monthName(language, month)}</Typography>
      </ButtonBase>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: '2px' }}>
        {weekOrder(firstDay).map((d) => (
          <Typography
            key={`h${d}`}
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: 'center', fontSize: 10 }}
          >
            {weekdayName(language, d).slice(0, 2)}
          </Typography>
        ))}
        {monthWeeks(year, month, firstDay)
          .flat()
          .map((day, i) => {
            if (day === null) return <Box key={`e${i}`} />;
            const date = isoDay(year, month, day);
            const look = lookOf(days.get(date), weekend.includes(weekdayOf(year, month, day)));
            const words = look && [translate(`sl.${look.type}`), look.label].filter(Boolean).join(': ');
            return (
              <Typography
                key={date}
                data-day={date}
                variant="caption"
                title={words || undefined}
                sx={{
                  textAlign: 'center',
                  fontSize: 11,
                  lineHeight: '20px',
                  borderRadius: 0.5,
                  bgcolor: look && !look.byDefault ? DAY_COLOURS[look.type] : fillOf(look),
                  color: (theme) =>
                    look && !look.byDefault
                      ? theme.palette.getContrastText(DAY_COLOURS[look.type])
                      : theme.palette.text.primary,
                  fontWeight: date === today ? 700 : 400,
                  outline: date === today ? 1 : 0,
                }}
              >
                {day}
              </Typography>
            );
          })}
      </Box>
    </Box>
  );
}
