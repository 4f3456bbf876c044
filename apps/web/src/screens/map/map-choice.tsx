import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Box, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { Map as MapLibre } from 'maplibre-gl';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { row } from './map-api.ts';
import { title, type Selected } from './map-popup.tsx';
import { COLOURS, statusKind } from './map-style.ts';
import { usePopupAt } from './use-popup-at.ts';

/** Several devices under one click (a module on its mounting, a controller in its cabinet). */
export type Choice = { lngLat: [number, number]; options: Selected[] };

type Props = { map: MapLibre; choice: Choice; onPick(s: Selected): void; onClose(): void };

/** Asks which of the devices at one point is meant; each then opens its own popup. */
export function MapChoice({ map, choice, onPick, onClose }: Props) {
  const container = usePopupAt(map, choice.lngLat, onClose);
  return createPortal(<ChoiceList choice={choice} onPick={onPick} />, container);
}

function ChoiceList({ choice, onPick }: { choice: Choice; onPick(s: Selected): void }) {
  const translate = useTranslate();
  const [titles, setTitles] = useState<string[]>();
  useEffect(() => {
    let gone = false;
    Promise.all(choice.options.map((o) => row(o.layer, o.id).then(title, () => `#${o.id}`))).then(
      (t) => !gone && setTitles(t),
    );
    return () => {
      gone = true;
    };
  }, [choice]);
  return (
    <Box data-testid="map-choice" sx={{ minWidth: 230, color: 'text.primary' }}>
      <Typography variant="subtitle2">{translate(sl('mapChoose'))}</Typography>
      <List dense disablePadding>
        {choice.options.map((o, i) => (
          <ListItemButton key={`${o.layer}/${o.id}`} onClick={() => onPick({ ...o, lngLat: choice.lngLat })}>
            <Box
              component="span"
              sx={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: COLOURS[statusKind(o.status)],
                mr: 1,
              }}
            />
            <ListItemText
              primary={translate(`resources.${o.layer}.name`, { smart_count: 2 })}
              secondary={titles?.[i] ?? translate(sl('mapLoading'))}
            />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
