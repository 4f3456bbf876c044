import { useEffect, useState } from 'react';
import { FormLabel, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { openEventCounts } from './map-api.ts';

/** The layer panel's open events per type (those with any), each leading to the events screen. */
export function MapEventCounts({ tick }: { tick?: unknown }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [counts, setCounts] = useState<Record<string, number>>();
  useEffect(() => {
    openEventCounts().then(setCounts, () => setCounts(undefined));
  }, [tick]);
  const open = Object.entries(counts ?? {}).filter(([, n]) => n > 0);
  if (!open.length) return null;
  return (
    <div data-testid="map-event-counts">
      <FormLabel component="legend" sx={{ mt: 1 }}>
        {translate(sl('mapOpenEvents'))}
      </FormLabel>
      {open.map(([type, n]) => (
        <Typography key={type} variant="body2">
          <MuiLink component={Link} to="/Events">
            {translate(`sl.${type}`)}
          </MuiLink>
          {`: ${n.toLocaleString(locale)}`}
        </Typography>
      ))}
    </div>
  );
}
