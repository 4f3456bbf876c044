import { useCallback, useEffect, useState } from 'react';
import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { openEventCounts } from './events-api.ts';
import { useLiveEvents } from './use-live-events.ts';

/** The app bar's red badge: how many events are open, following the live stream; it opens the log of all of them. */
export function EventsBadge() {
  const translate = useTranslate();
  const [count, setCount] = useState<number>();
  const load = useCallback(() => {
    openEventCounts().then(
      (counts) => setCount(Object.values(counts).reduce((a, b) => a + b, 0)),
      () => setCount(undefined),
    );
  }, []);
  useEffect(load, [load]);
  useLiveEvents(load);
  if (count === undefined) return null;
  const label = translate(sl('eventsOpenCount'), { count });
  return (
    <Tooltip title={label}>
      <IconButton
        component={Link}
        to="/Events?type=all"
        color="inherit"
        aria-label={label}
        data-testid="events-badge"
      >
        <Badge badgeContent={count} color="error" max={9999}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
