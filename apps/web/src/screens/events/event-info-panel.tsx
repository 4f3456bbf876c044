import { useEffect, useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { Link, useRecordContext, useStore, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { placeOf } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { CURRENT_ITEM_KEY, type CurrentItem } from '../../navigation/detail-sections.ts';
import { isMapLayer } from '../map/map-style.ts';
import { eventFullInfo, type EventInfo } from './events-api.ts';

type Linked = { _id: number; uid?: string; mac?: string } | null | undefined;

const DEVICES = [
  ['support', 'LuminarySupports'],
  ['module', 'LuminaryModules'],
  ['controller', 'Controllers'],
  ['cabinet', 'Cabinets'],
] as const;

/** An event's full info (spec §7): its support, module and socket number, and an outage's grouped events. */
export function EventInfoPanel() {
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  const navigate = useNavigate();
  // the map centres on its current item and opens its popup
  const [, setCurrentItem] = useStore<CurrentItem>(CURRENT_ITEM_KEY, null);
  const [info, setInfo] = useState<EventInfo>();
  useEffect(() => {
    if (record) void eventFullInfo(record.id).then(setInfo, () => undefined);
  }, [record]);
  if (!info) return null;
  return (
    <Stack spacing={1} data-testid="event-info" sx={{ py: 1 }}>
      {DEVICES.map(([field, resource]) => {
        const device = info[field] as Linked;
        if (!device || typeof device !== 'object') return null;
        return (
          <Stack key={field} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography>
              {translate(`resources.${resource}.name`, { _: resource, smart_count: 1 })}:{' '}
              {device.uid ?? device.mac ?? device._id}
            </Typography>
            <Button component={Link} to={`/${resource}/${device._id}/show`} size="small">
              {translate(sl('eventsOpenDevice'))}
            </Button>
            {isMapLayer(resource) && placeOf(device) && (
              <Button
                size="small"
                onClick={() => {
                  setCurrentItem({ section: resource, id: String(device._id) });
                  navigate('/Map');
                }}
              >
                {translate(sl('eventsShowOnMap'))}
              </Button>
            )}
          </Stack>
        );
      })}
      {info.socketNumber != null && (
        <Typography>{translate(sl('eventsSocket'), { number: info.socketNumber })}</Typography>
      )}
      {info.grouped > 0 && <Typography>{translate(sl('eventsGrouped'), { count: info.grouped })}</Typography>}
      {info.status === 'SOLVED' && (
        <Typography data-testid="event-solver">
          {info.solvedBy
            ? translate(sl('eventsSolvedBy'), { login: info.solvedBy.login })
            : translate(sl('eventsSolvedByItself'))}
        </Typography>
      )}
    </Stack>
  );
}
