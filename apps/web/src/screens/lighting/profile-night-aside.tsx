import { useState } from 'react';
import {
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { DateTextField } from '../../resources/inputs/date-text-field.tsx';
import { ASIDE_CARD } from './aside-card.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { recordTitle } from '../../resources/record-title.ts';
import { useProfileDraft } from './profile-draft.tsx';
import { ProfileNightView } from './profile-night-view.tsx';
import { ProfileYearView } from './profile-year-view.tsx';

const today = () => new Date().toLocaleDateString('sv-SE');
const cityName = recordTitle('Cities');

/**
 * Beside a profile's form (or record): its night on a chosen date and city, redrawn as the form is edited, and its
 * year (issue 11 §2).
 */
export default function ProfileNightAside() {
  const translate = useTranslate();
  const record = useRecordContext();
  const draft = useProfileDraft();
  const [view, setView] = useState<'night' | 'year'>('night');
  const [date, setDate] = useState(today);
  const [chosenCity, setCity] = useState<number>();
  // asked only of a user who may see cities: a refusal would sign them out
  const cities = useGetList(
    'Cities',
    { pagination: { page: 1, perPage: 200 }, sort: { field: '_id', order: 'ASC' } },
    { enabled: canDo('Cities', 'view') },
  );
  if (!record) return null;
  const own = draft ? draft.city : record.city;
  const city = chosenCity ?? (typeof own === 'number' ? own : undefined);
  return (
    <Card sx={ASIDE_CARD} data-testid="profile-night">
      <CardContent>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_, v: 'night' | 'year' | null) => v && setView(v)}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="night">{translate(sl('lightingNight'))}</ToggleButton>
          <ToggleButton value="year">{translate(sl('lightingYear'))}</ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <DateTextField
            kind="day"
            size="small"
            label={translate(sl('lightingDate'))}
            value={date}
            onChange={(v) => v && setDate(v)}
            slotProps={{ htmlInput: { 'data-testid': 'night-date' } }}
          />
          <TextField
            select
            size="small"
            label={translate(sl('lightingCity'))}
            value={city ?? ''}
            onChange={(e) => setCity(Number(e.target.value))}
            sx={{ flexGrow: 1, minWidth: 0 }}
          >
            {(cities.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {cityName(c)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {view === 'night' ? (
          <ProfileNightView profile={Number(record.id)} draft={draft} date={date} city={city} />
        ) : (
          <ProfileYearView profile={Number(record.id)} year={Number(date.slice(0, 4))} city={city} />
        )}
      </CardContent>
    </Card>
  );
}
