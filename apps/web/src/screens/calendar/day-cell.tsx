import { ButtonBase, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { DAY_COLOURS, fillOf, textOf, type DayLook } from './day-type-look.ts';

type Props = { day: number; date: string; title: string; look: DayLook; today: boolean; onPick?: () => void };

/** One date of the month view: its number, its day type in colour and words, and its label. */
export function DayCell({ day, date, title, look, today, onPick }: Props) {
  const translate = useTranslate();
  const typeName = look ? translate(`sl.${look.type}`) : '';
  return (
    <ButtonBase
      data-day={date}
      disabled={!onPick}
      onClick={onPick}
      aria-label={[title, typeName, look?.label].filter(Boolean).join(', ')}
      sx={{
        width: '100%',
        height: '100%',
        p: 0.75,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        justifyContent: 'flex-start',
        textAlign: 'left',
        bgcolor: fillOf(look),
        borderLeft: 4,
        borderLeftStyle: look?.byDefault ? 'dashed' : 'solid',
        borderLeftColor: look ? DAY_COLOURS[look.type] : 'transparent',
        '&:hover': { filter: onPick ? 'brightness(0.95)' : undefined },
      }}
    >
      <Typography
        variant="body2"
        sx={{ fontWeight: today ? 700 : 400, color: today ? 'primary.main' : 'text.primary' }}
      >
        {day}
      </Typography>
      {look && (
        <Typography variant="caption" sx={{ color: textOf(look.type), fontWeight: 600, lineHeight: 1.2 }}>
          {typeName}
          {look.byDefault && ` · ${translate(sl('calendarByDefault'))}`}
        </Typography>
      )}
      {look?.label && (
        <Typography
          variant="caption"
          color="text.secondary"
          noWrap
          sx={{ maxWidth: '100%', lineHeight: 1.2 }}
        >
          {look.label}
        </Typography>
      )}
    </ButtonBase>
  );
}
