import { useEffect, useState } from 'react';
import {
  Box,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Paper,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { Map as MapLibre } from 'maplibre-gl';
import { useTranslate } from 'react-admin';
import { MAP_RADII, placeOf } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { around, type Row } from './map-api.ts';
import type { Selected } from './map-popup.tsx';
import { COLOURS, LAYERS, layerIds, statusKind, type MapFilter, type MapLayer } from './map-style.ts';

// spec §9: the whole city is within 50 km; neighbours within 100 m
const FULL_RADIUS_M = MAP_RADII.fullLoad;
const NEIGHBOUR_RADIUS_M = MAP_RADII.neighbours;
const LIMIT = 200;

export type PanelMode = { kind: 'view' } | { kind: 'neighbours'; of: Selected };

const metres = (a: [number, number], b: [number, number]) => {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
};

type Props = {
  map: MapLibre;
  mode: PanelMode;
  types: Record<MapLayer, boolean>;
  filter: MapFilter;
  onPick(s: Selected): void;
  onClose(): void;
};

/** What lies in view (or near an item), by type, through SingleRequest/all. */
export function MapPanel({ map, mode, types, filter, onPick, onClose }: Props) {
  const translate = useTranslate();
  const [rows, setRows] = useState<Partial<Record<MapLayer, Row[]>>>();
  const [shown, setShown] = useState(new Map<string, number>());
  const layers = LAYERS.filter((l) => types[l]);
  const layerKey = layers.join(',');

  useEffect(() => {
    let gone = false;
    const load = () => {
      const wanted = layerKey.split(',').filter(Boolean) as MapLayer[];
      if (!wanted.length) return setRows({});
      const bounds = map.getBounds();
      const [center, radius] =
        mode.kind === 'neighbours'
          ? [mode.of.lngLat, NEIGHBOUR_RADIUS_M]
          : [map.getCenter().toArray() as [number, number], 0];
      const r =
        mode.kind === 'neighbours'
          ? radius
          : Math.min(FULL_RADIUS_M, metres(center, bounds.getNorthEast().toArray() as [number, number]));
      around(center, r, wanted, filter, LIMIT)
        .then((found) => {
          if (gone) return;
          if (mode.kind === 'view')
            for (const l of wanted)
              found[l] = found[l]?.filter((x) => {
                const p = placeOf(x);
                return p && bounds.contains(p);
              });
          setShown(shownStatuses(map));
          setRows(found);
        })
        .catch(() => !gone && setRows({}));
    };
    load();
    if (mode.kind === 'view') map.on('moveend', load);
    return () => {
      gone = true;
      map.off('moveend', load);
    };
  }, [map, mode, layerKey, filter]);

  const empty = rows && !layers.some((l) => rows[l]?.length);
  return (
    <Paper
      data-testid="map-panel"
      sx={{ position: 'absolute', right: 8, top: 8, bottom: 8, width: 300, overflow: 'auto', zIndex: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', p: 1 }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>
          {translate(sl(mode.kind === 'view' ? 'mapPanel' : 'mapNeighboursOf'))}
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label={translate(sl('mapClose'))}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {!rows && <Typography sx={{ px: 2 }}>{translate(sl('mapLoading'))}</Typography>}
      {empty && <Typography sx={{ px: 2 }}>{translate(sl('mapPanelEmpty'))}</Typography>}
      {layers.map((layer) =>
        rows?.[layer]?.length ? (
          <List
            key={layer}
            dense
            subheader={
              <ListSubheader>{translate(`resources.${layer}.name`, { smart_count: 2 })}</ListSubheader>
            }
          >
            {rows[layer]!.map((r) => (
              <PanelRow
                key={r._id}
                layer={layer}
                row={r}
                status={shown.get(`${layer}/${r._id}`) ?? rowStatus(r)}
                onPick={onPick}
              />
            ))}
          </List>
        ) : null,
      )}
    </Paper>
  );
}

type RowProps = { layer: MapLayer; row: Row; status: number | undefined; onPick(s: Selected): void };

function PanelRow({ layer, row: r, status, onPick }: RowProps) {
  const at = placeOf(r);
  return (
    <ListItemButton disabled={!at} onClick={() => at && onPick({ layer, id: r._id, lngLat: at, status })}>
      <Box
        component="span"
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: COLOURS[statusKind(status)], mr: 1.5 }}
      />
      <ListItemText
        primary={String(r.uid ?? r.mac ?? r._id)}
        secondary={(r.street ?? r.address ?? '') as string}
      />
    </ListItemButton>
  );
}

// the order in which a status needs attention: a support shows the worst of its sockets (spec §4)
const ATTENTION = ['unknown', 'off', 'on', 'offline', 'broken'];

function rowStatus(r: Row): number | undefined {
  if (typeof r.cl_status === 'number') return r.cl_status;
  if (!Array.isArray(r.sockets)) return undefined;
  const codes = (r.sockets as { cl_status?: unknown }[])
    .map((s) => s.cl_status)
    .filter((c): c is number => typeof c === 'number');
  if (!codes.length) return -1;
  return codes.reduce((a, b) =>
    ATTENTION.indexOf(statusKind(b)) > ATTENTION.indexOf(statusKind(a)) ? b : a,
  );
}

/** The status each drawn marker shows (live, else as drawn), which for a support is derived from its modules. */
function shownStatuses(map: MapLibre): Map<string, number> {
  const out = new Map<string, number>();
  const layers = LAYERS.map((l) => layerIds(l).points).filter((id) => map.getLayer(id));
  for (const f of map.queryRenderedFeatures({ layers }))
    out.set(
      `${f.sourceLayer}/${f.id}`,
      (f.state.status as number | undefined) ?? (f.properties.status as number),
    );
  return out;
}
