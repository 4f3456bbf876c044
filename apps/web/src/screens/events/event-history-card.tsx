import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetList, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { LOCALES, type Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';

const when = (v: unknown, lang: Language) => (v ? new Date(String(v)).toLocaleString(LOCALES[lang]) : '');

/** A module's or a mounting's events, newest first, open and solved alike. */
export function EventHistoryCard({ field }: { field: 'module' | 'support' }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data } = useGetList(
    'ImportantEvents',
    {
      filter: { [field]: record?.id },
      sort: { field: 'openDate', order: 'DESC' },
      pagination: { page: 1, perPage: 20 },
    },
    { enabled: record?.id !== undefined },
  );
  if (!record) return null;
  return (
    <Card sx={{ ml: 2, mt: 1, width: 280 }} data-testid="event-history">
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {translate(sl('eventsTitle'))}
        </Typography>
        <List dense disablePadding>
          {(data ?? []).map((e) => (
            <ListItem key={e.id} disableGutters>
              <ListItemText
                primary={`${translate(`sl.${e.type}`)} · ${translate(`sl.${e.status}`)}`}
                secondary={[when(e.openDate, locale as Language), when(e.closeDate, locale as Language)]
                  .filter(Boolean)
                  .join(' – ')}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
