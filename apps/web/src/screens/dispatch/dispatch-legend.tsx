import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { LATE_COLOUR, OTHER_STATE_COLOUR, STATE_COLOURS } from './dispatch-look.ts';

const dot = (fill: string, ring: string, width: number) => (
  <Box
    component="span"
    sx={{
      display: 'inline-block',
      width: 12,
      height: 12,
      borderRadius: '50%',
      bgcolor: fill,
      border: `${width}px solid ${ring}`,
      mr: 0.5,
      verticalAlign: 'middle',
    }}
  />
);

/** What the markers' colours and rings mean, and how many orders have no place on the map. */
export function DispatchLegend({ unplaced }: { unplaced: number }) {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5} sx={{ mt: 1 }} data-testid="dispatch-legend">
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {Object.entries(STATE_COLOURS).map(([state, colour]) => (
          <Typography key={state} variant="caption">
            {dot(colour, '#ffffff', 1)}
            {translate(`sl.${state}`)}
          </Typography>
        ))}
        <Typography variant="caption">
          {dot(OTHER_STATE_COLOUR, LATE_COLOUR, 3)}
          {translate(sl('dispatchLegendLate'))}
        </Typography>
      </Stack>
      {unplaced > 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate(sl('dispatchUnplaced'), { smart_count: unplaced })}
        </Typography>
      )}
    </Stack>
  );
}
