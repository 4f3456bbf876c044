import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { sl, type MessageKey } from '../../i18n/messages.ts';
import { MARKS, type Mark } from '@sl/domain/marker-states';
import { MapEventCounts } from './map-event-counts.tsx';
import { LOOK, markLook } from './marker-look.ts';
import {
  COLOURS,
  FILTERS,
  LAYERS,
  OSM_TILES,
  type MapFilter,
  type MapLayer,
  type StatusKind,
} from './map-style.ts';
import type { BaseMode } from './use-device-map.ts';

const MARK_LABEL: Record<Mark['state'], MessageKey> = {
  UNUSED_SUPPORT: 'mapSupportUnused',
  UNUSED_SOCKET: 'mapSupportFreeSocket',
  LAMP_DELETED: 'mapSupportDeletedLamp',
  CONTROLLER_ON: 'mapControllerActive',
  CONTROLLER_OFF: 'mapControllerReserve',
};

const FILTER_LABEL: Record<MapFilter, MessageKey> = {
  all: 'mapFilterAll',
  unused: 'mapFilterUnused',
  broken: 'mapFilterBroken',
};
export const STATUS_LABEL: Record<StatusKind, MessageKey> = {
  on: 'mapStatusOn',
  off: 'mapStatusOff',
  offline: 'mapStatusOffline',
  broken: 'mapStatusBroken',
  unknown: 'mapStatusUnknown',
};

const FILTER_HINT: Partial<Record<MapFilter, MessageKey>> = {
  unused: 'mapFilterUnusedHint',
  broken: 'mapFilterBrokenHint',
};

type Props = {
  /** per layer, the devices the filter shows */
  counts: Record<MapLayer, number> | undefined;
  types: Record<MapLayer, boolean>;
  setTypes(t: Record<MapLayer, boolean>): void;
  filter: MapFilter;
  setFilter(f: MapFilter): void;
};

/** Which types are drawn and which of them (all, unused, broken); both are remembered by the store. */
export function LayerControls({ counts, types, setTypes, filter, setFilter }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const hint = FILTER_HINT[filter];
  return (
    <Paper sx={{ p: 1.5 }} data-testid="map-layers">
      <FormLabel component="legend">{translate(sl('mapLayers'))}</FormLabel>
      {LAYERS.map((layer) => (
        <FormControlLabel
          key={layer}
          sx={{ display: 'flex', mr: 0 }}
          control={
            <Checkbox
              size="small"
              checked={types[layer]}
              onChange={(e) => setTypes({ ...types, [layer]: e.target.checked })}
            />
          }
          label={`${translate(`resources.${layer}.name`, { smart_count: 2 })}${counts ? ` (${counts[layer].toLocaleString(locale)})` : ''}`}
        />
      ))}
      <FormLabel component="legend" sx={{ mt: 1 }}>
        {translate(sl('mapFilter'))}
      </FormLabel>
      <RadioGroup row value={filter} onChange={(e) => setFilter(e.target.value as MapFilter)}>
        {FILTERS.map((f) => (
          <FormControlLabel
            key={f}
            value={f}
            control={<Radio size="small" />}
            label={translate(sl(FILTER_LABEL[f]))}
          />
        ))}
      </RadioGroup>
      {hint && (
        <Typography variant="caption" component="p" data-testid="map-filter-hint" sx={{ lineHeight: 1.3 }}>
          {translate(sl(hint))}
        </Typography>
      )}
      <MapEventCounts tick={counts} />
    </Paper>
  );
}

const Dot = ({ fill, stroke, hollow }: { fill: string; stroke?: string; hollow?: boolean }) => (
  <Box
    component="span"
    sx={{
      display: 'inline-block',
      width: 14,
      height: 14,
      borderRadius: '50%',
      bgcolor: hollow ? '#fff' : fill,
      border: `${hollow ? 3 : 2}px solid ${hollow ? fill : (stroke ?? '#fff')}`,
      boxShadow: '0 0 0 1px rgba(0,0,0,0.2)',
      verticalAlign: 'middle',
      mr: 1,
    }}
  />
);

export function Legend() {
  const translate = useTranslate();
  const item = (key: MessageKey, dot: React.ReactNode) => (
    <Typography key={key} variant="body2" sx={{ lineHeight: 1.7 }}>
      {dot}
      {translate(sl(key))}
    </Typography>
  );
  return (
    <Paper sx={{ p: 1.5 }} data-testid="map-legend">
      <FormLabel component="legend">{translate(sl('mapLegend'))}</FormLabel>
      {(Object.keys(STATUS_LABEL) as StatusKind[]).map((k) =>
        item(STATUS_LABEL[k], <Dot fill={COLOURS[k]} />),
      )}
      {MARKS.map((m) => {
        const look = markLook(m);
        const fill = m.state === 'UNUSED_SUPPORT' ? COLOURS.unknown : COLOURS.on;
        return item(
          MARK_LABEL[m.state],
          <Dot fill={fill} stroke={look?.ring ?? LOOK[m.layer].stroke} hollow={look?.hollow} />,
        );
      })}
      {item('mapCluster', <Dot fill={COLOURS.on} stroke="#fff" />)}
    </Paper>
  );
}

type BaseProps = {
  baseUrl: string;
  setBaseUrl(u: string): void;
  baseMode: BaseMode;
  setBaseMode(m: BaseMode): void;
};

/** The base map, stored: online tiles (OpenStreetMap unless the user says otherwise) or the bundled streets. */
export function BaseMapSettings(props: BaseProps) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(props.baseUrl);
  return (
    <Paper sx={{ p: 1.5 }} data-testid="map-settings">
      <FormLabel component="legend" id="map-base-mode">
        {translate(sl('mapSettings'))}
      </FormLabel>
      <RadioGroup
        aria-labelledby="map-base-mode"
        value={props.baseMode}
        onChange={(e) => props.setBaseMode(e.target.value as BaseMode)}
      >
        {(['auto', 'offline'] as const).map((m) => (
          <FormControlLabel
            key={m}
            value={m}
            control={<Radio size="small" />}
            label={
              <Typography variant="body2">
                {translate(sl(m === 'auto' ? 'mapBaseAuto' : 'mapBaseOffline'))}
              </Typography>
            }
          />
        ))}
      </RadioGroup>
      <TextField
        size="small"
        fullWidth
        margin="dense"
        label={translate(sl('mapBaseUrl'))}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="contained" onClick={() => props.setBaseUrl(draft.trim() || OSM_TILES)}>
          {translate(sl('mapBaseApply'))}
        </Button>
        <Button
          size="small"
          onClick={() => {
            setDraft(OSM_TILES);
            props.setBaseUrl(OSM_TILES);
          }}
        >
          {translate(sl('mapBaseReset'))}
        </Button>
      </Stack>
    </Paper>
  );
}
