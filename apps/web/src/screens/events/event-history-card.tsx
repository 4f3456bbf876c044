import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { useCityTime } from '../devices/city-time.ts';

type Props = {
  /** the record's events by this field of the event */
  field?: 'module' | 'support';
  /** or those matching this filter (a cabinet's and its controller's) */
  filter?: Record<string, unknown>;
  /** only the events still open */
  openOnly?: boolean;
  /** filling its place rather than a narrow aside */
  wide?: boolean;
};

/** A module's or a mounting's events (or a filter's), newest first, open and solved alike unless `openOnly`. */
export function EventHistoryCard({ field, filter, openOnly, wide }: Props) {
  const record = useRecordContext();
  const translate = useTranslate();
  const when = useCityTime(record?.city);
  const { data } = useGetList(
    'ImportantEvents',
    {
      filter: {
        ...(filter ?? (field && { [field]: record?.id })),
        ...(openOnly && { status: ['OPEN'] }),
      },
      sort: { field: 'openDate', order: 'DESC' },
      pagination: { page: 1, perPage: 20 },
    },
    { enabled: record?.id !== undefined && (filter !== undefined || field !== undefined) },
  );
  if (!record) return null;
  return (
    <Card sx={wide ? { mt: 1 } : { ml: 2, mt: 1, width: 280 }} data-testid="event-history">
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {translate(sl(openOnly ? 'cabinetOpenEvents' : 'eventsTitle'))}
        </Typography>
        {data && !data.length && <Typography variant="body2">{translate(sl('eventsNone'))}</Typography>}
        <List dense disablePadding>
          {(data ?? []).map((e) => (
            <ListItem key={e.id} disableGutters>
              <ListItemText
                primary={`${translate(`sl.${e.type}`)} · ${translate(`sl.${e.status}`)}`}
                secondary={[when(e.openDate), when(e.closeDate)].filter(Boolean).join(' – ')}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
