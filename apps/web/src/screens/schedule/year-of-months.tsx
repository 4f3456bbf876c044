import { Box, Button } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import type { MonthRow } from './schedule-api.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The year's twelve months, each with how many days it has set; the picked one is shown below. */
export function YearOfMonths(props: {
  year: number;
  rows: MonthRow[];
  picked: string;
  onPick(m: string): void;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const name = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 1, mb: 2 }}
    >
      {Array.from({ length: 12 }, (_, i) => {
        const month = `${props.year}-${pad(i + 1)}`;
        const count = props.rows.find((r) => r.month === month)?.timeData.length ?? 0;
        return (
          <Button
            key={month}
            variant={month === props.picked ? 'contained' : 'outlined'}
            onClick={() => props.onPick(month)}
            data-testid={`schedule-month-${month}`}
            sx={{ flexDirection: 'column', textTransform: 'none' }}
          >
            <span>{name.format(new Date(Date.UTC(props.year, i, 1)))}</span>
            <small>
              {count
                ? translate(sl('scheduleDays'), { smart_count: count })
                : translate(sl('scheduleNoDays'))}
            </small>
          </Button>
        );
      })}
    </Box>
  );
}
