import { Link as RouterLink } from 'react-router-dom';
import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { ReferenceField, TextField, useTranslate } from 'react-admin';
import { sl } from '../../../i18n/messages.ts';
import { DeviceCard } from '../device-card.tsx';
import { LampState } from './lamp-state.tsx';
import type { Socket } from './support-api.ts';

/** Each socket's lamp as it reports now, the module a link to its own screen. */
export function SupportLampsCard(props: {
  sockets: Socket[];
  modules: Map<number, Record<string, unknown>>;
}) {
  const translate = useTranslate();
  const held = props.sockets
    .map((s, i) => ({ number: i + 1, module: s.luminaryModule, lamp: s.luminary }))
    .filter((s): s is { number: number; module: number; lamp: unknown } => typeof s.module === 'number');
  return (
    <DeviceCard title="deviceLamps" testId="support-lamps">
      {held.length ? (
        <List dense disablePadding>
          {held.map(({ number, module, lamp }) => {
            const row = props.modules.get(module);
            return (
              <ListItem key={number} disableGutters data-testid={`support-lamp-${number}`}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/LuminaryModules/${module}/show`}>
                      {translate(sl('deviceSocket'), { number })}: {String(row?.mac ?? `#${module}`)}
                    </Link>
                  }
                  secondary={
                    <>
                      {typeof lamp === 'number' && (
                        <ReferenceField
                          record={{ id: number, luminary: lamp }}
                          source="luminary"
                          reference="Luminaries"
                          link="show"
                        >
                          <TextField source="uid" variant="body2" />
                        </ReferenceField>
                      )}
                      <LampState module={row} />
                    </>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            );
          })}
        </List>
      ) : (
        <Typography variant="body2">{translate(sl('deviceNoLamps'))}</Typography>
      )}
    </DeviceCard>
  );
}
