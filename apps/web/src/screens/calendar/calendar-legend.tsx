import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DAY_TYPES } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { DAY_COLOURS } from './day-type-look.ts';

/** The day types and their colours, and what a weekend without one means. */
export function CalendarLegend() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      {DAY_TYPES.map((t) => (
        <Box key={t} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: DAY_COLOURS[t] }} />
          <Typography variant="caption">{translate(`sl.${t}`)}</Typography>
        </Box>
      ))}
      <Typography variant="caption" color="text.secondary">
        {translate(sl('calendarDefaultWeekend'))}
      </Typography>
    </Box>
  );
}
