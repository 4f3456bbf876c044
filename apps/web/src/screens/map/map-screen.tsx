import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import type { MapGeoJSONFeature, MapMouseEvent, PointLike } from 'maplibre-gl';
import { cameraOnItem, ITEM_ZOOM, may, placeOf, type Subject, type Language } from '@sl/domain';
import { Title, useLocaleState, usePermissions, useStore, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { firstSummary, row, summary as loadSummary, tilesVersion, type Summary } from './map-api.ts';
import { BaseMapSettings, LayerControls, Legend } from './map-controls.tsx';
import { MapChoice, type Choice } from './map-choice.tsx';
import { MapArea } from './map-area.tsx';
import { MapSearch } from './map-search.tsx';
import { AreaDim } from './area-dim.tsx';
import type { Area, Found } from './find-api.ts';
import { MapPanel, type PanelMode } from './map-panel.tsx';
import { MapPopup, type Selected } from './map-popup.tsx';
import {
  DEVICES,
  isMapLayer,
  LAYERS,
  layerIds,
  OSM_TILES,
  type MapFilter,
  type MapLayer,
} from './map-style.ts';
import { firstViewShown } from './first-view-handle.ts';
import { useDeviceMap, type BaseMode } from './use-device-map.ts';
import { untilDevicesDrawn } from './device-map.ts';
import { liveKey, useLiveStatus } from './use-live-status.ts';

const ALL_TYPES = Object.fromEntries(LAYERS.map((l) => [l, true])) as Record<MapLayer, boolean>;
// clusters are drawn by the server from the data at some version; after live changes, ask for newer ones: at most
// once a second, so that a cluster's colour follows its devices within two (issue 29 §6)
const CLUSTER_REFRESH_MS = 1000;

export function MapScreen() {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const container = useRef<HTMLDivElement>(null);
  const [storedTypes, setTypes] = useStore<Record<MapLayer, boolean>>('sl.map.types', ALL_TYPES);
  const types = useMemo(() => ({ ...ALL_TYPES, ...storedTypes }), [storedTypes]);
  const [filter, setFilter] = useStore<MapFilter>('sl.map.filter', 'all');
  const [baseUrl, setBaseUrl] = useStore<string>('sl.map.baseUrl', OSM_TILES);
  const [baseMode, setBaseMode] = useStore<BaseMode>('sl.map.baseMode', 'auto');
  const [current] = useStore<{ section: string; id: string } | null>('sl.currentItem', null);
  const { permissions } = usePermissions<Subject | undefined>();
  const canCommand = permissions ? may(permissions, 'control', 'command', false) : false;
  const [summary, setSummary] = useState<Summary>();
  const [selected, setSelected] = useState<Selected>();
  const [choice, setChoice] = useState<Choice>();
  const [panel, setPanel] = useState<PanelMode>();
  const [showSettings, setShowSettings] = useState(false);
  const [area, setArea] = useState<Area>();

  useEffect(() => {
    firstSummary().then(setSummary, () =>
      setSummary({ bounds: null, counts: zeroCounts(), version: 0, reported: 0 }),
    );
  }, []);

  const { map, baseDown, devicesReady } = useDeviceMap(container, {
    lang,
    summary,
    baseUrl,
    baseMode,
    filter,
    types,
  });

  // the layer counts are of what the filter shows, asked for whenever the filter changes
  const [counted, setCounted] = useState<{ filter: MapFilter; counts: Summary['counts'] }>();
  const shownFilter = useRef(filter);
  shownFilter.current = filter;
  const takeSummary = useCallback((s: Summary, f: MapFilter) => {
    setSummary((old) => (old && tilesVersion(old) === tilesVersion(s) ? old : s));
    setCounted({ filter: f, counts: s.counts });
  }, []);
  useEffect(() => {
    let gone = false;
    loadSummary(filter).then(
      (s) => !gone && takeSummary(s, filter),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [filter, takeSummary]);

  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onLiveChange = useCallback(() => {
    if (refreshTimer.current) return;
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = undefined;
      const f = shownFilter.current;
      loadSummary(f).then(
        (s) => f === shownFilter.current && takeSummary(s, f),
        () => undefined,
      );
    }, CLUSTER_REFRESH_MS);
  }, [takeSummary]);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  const { statuses, readings } = useLiveStatus(map, onLiveChange);

  useEffect(() => {
    if (!map) return;
    const clickable = LAYERS.flatMap((l) => [layerIds(l).points, layerIds(l).clusters]);
    const featuresAt = (point: PointLike) =>
      map.queryRenderedFeatures(point, { layers: clickable.filter((id) => map.getLayer(id)) });
    const featureAt = (point: PointLike) => featuresAt(point)[0];
    // the topmost marker decides: a cluster is zoomed into; devices that share the point are offered to choose
    const open = (found: MapGeoJSONFeature[]) => {
      const top = found[0];
      if (!top) return;
      const at = (top.geometry as unknown as { coordinates: [number, number] }).coordinates;
      if (top.properties.cluster === 1) {
        map.easeTo({ center: at, zoom: Math.min(map.getZoom() + 2, 18) });
        return;
      }
      const devices = new Map<string, Selected>();
      for (const f of found)
        if (f.properties.cluster !== 1 && isMapLayer(f.sourceLayer) && f.id !== undefined)
          devices.set(liveKey(f.sourceLayer, f.id), {
            layer: f.sourceLayer,
            id: Number(f.id),
            lngLat: at,
            status: (f.state.status as number | undefined) ?? (f.properties.status as number),
          });
      const options = [...devices.values()];
      if (options.length > 1) setSelected(undefined);
      else setSelected(options[0]);
      setChoice(options.length > 1 ? { lngLat: at, options } : undefined);
    };
    let waiting: (() => void) | undefined;
    const onClick = (e: MapMouseEvent) => {
      waiting?.();
      const found = featuresAt(e.point);
      if (found.length) open(found);
      // a marker of the first view is a picture of what MapLibre has yet to draw: the last click on it is
      // answered once MapLibre has drawn
      else if (firstViewShown())
        waiting = untilDevicesDrawn(map, () => {
          const drawn = featuresAt(e.point);
          if (drawn.length) open(drawn);
        });
    };
    const pointer = (e: MapMouseEvent) => {
      map.getCanvas().style.cursor = featureAt(e.point) ? 'pointer' : '';
    };
    map.on('click', onClick);
    map.on('mousemove', pointer);
    return () => {
      waiting?.();
      map.off('click', onClick);
      map.off('mousemove', pointer);
    };
  }, [map]);

  // the item of the detail screen visited last (spec §2) is selected and centred
  useEffect(() => {
    if (!map || !devicesReady || !current || !isMapLayer(current.section)) return;
    const layer = current.section;
    let gone = false;
    row(layer, current.id)
      .then((r) => {
        const at = placeOf(r);
        if (gone || !at) return;
        // where the first view already shows the item, this moves nothing on screen: the picture stays
        const camera = cameraOnItem({ lon: at[0], lat: at[1] }, map.getZoom());
        map.jumpTo(
          { center: [camera.lon, camera.lat], zoom: camera.zoom },
          firstViewShown()?.onItem ? { toFirstView: true } : undefined,
        );
        setSelected({ layer, id: r._id, lngLat: at, status: r.cl_status as number | undefined });
        // a mounting's status is its lamps', which the map's tiles carry
        if (r.cl_status === undefined)
          map.once('idle', () => {
            const f = map.querySourceFeatures(DEVICES, { sourceLayer: layer }).find((x) => x.id === r._id);
            if (gone || f?.properties.status === undefined) return;
            setSelected((was) =>
              was?.layer === layer && was.id === r._id
                ? { ...was, status: f.properties.status as number }
                : was,
            );
          });
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [map, devicesReady, current]);

  const pick = useCallback(
    (s: Selected) => {
      map?.easeTo({ center: s.lngLat, zoom: Math.max(map.getZoom(), ITEM_ZOOM) });
      setSelected(s);
    },
    [map],
  );
  const found = useCallback(
    (f: Found) => {
      if (f.lon === null || f.lat === null) return;
      setChoice(undefined);
      pick({ layer: f.layer, id: f._id, lngLat: [f.lon, f.lat] });
    },
    [pick],
  );
  const closePopup = useCallback(() => setSelected(undefined), []);
  const closeChoice = useCallback(() => setChoice(undefined), []);
  const chosen = useCallback((s: Selected) => {
    setChoice(undefined);
    setSelected(s);
  }, []);
  const neighbours = useCallback((s: Selected) => setPanel({ kind: 'neighbours', of: s }), []);

  return (
    <Box sx={{ position: 'relative', height: 'calc(100vh - 64px)', mx: -1, mt: -0.5 }}>
      <Title title={sl('mapTitle')} />
      {/* MapLibre's stylesheet makes its container `position: relative`, and when the screen is reached from
          another one the stylesheet arrives after ours and wins: the container is sized by width and height,
          which no position rule changes */}
      <Box sx={{ position: 'absolute', inset: 0 }}>
        <Box ref={container} data-testid="map" sx={{ width: '100%', height: '100%' }} />
      </Box>
      {/* on a short screen the layer panel and legend scroll rather than run off the map */}
      <Stack
        spacing={1}
        sx={{
          position: 'absolute',
          left: 8,
          top: 8,
          width: 250,
          maxHeight: 'calc(100% - 16px)',
          overflowY: 'auto',
          zIndex: 2,
        }}
      >
        <MapSearch onFound={found} />
        <LayerControls
          counts={counted?.filter === filter ? counted.counts : undefined}
          types={types}
          setTypes={setTypes}
          filter={filter}
          setFilter={setFilter}
        />
        {map && <MapArea map={map} ready={devicesReady} area={area} onArea={setArea} />}
        <Legend />
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="contained" color="inherit" onClick={() => setPanel({ kind: 'view' })}>
            {translate(sl('mapPanel'))}
          </Button>
          <Button size="small" variant="contained" color="inherit" onClick={() => setShowSettings((v) => !v)}>
            {translate(sl('mapSettings'))}
          </Button>
        </Stack>
        {showSettings && (
          <BaseMapSettings
            baseUrl={baseUrl}
            setBaseUrl={setBaseUrl}
            baseMode={baseMode}
            setBaseMode={setBaseMode}
          />
        )}
      </Stack>
      {counted?.filter === filter && filter !== 'all' && noneShown(counted.counts, types) && (
        <Alert
          severity="info"
          data-testid="map-none-found"
          sx={{ position: 'absolute', left: 270, top: 8, maxWidth: 420, zIndex: 2, py: 0 }}
        >
          {translate(sl(filter === 'broken' ? 'mapNoneBroken' : 'mapNoneUnused'))}
        </Alert>
      )}
      {baseDown && (
        <Alert
          severity="info"
          sx={{ position: 'absolute', left: 270, bottom: 8, maxWidth: 420, zIndex: 2, py: 0 }}
        >
          {translate(sl('mapBaseUnreachable'))}
        </Alert>
      )}
      {map && panel && (
        <MapPanel
          map={map}
          mode={panel}
          types={types}
          filter={filter}
          onPick={pick}
          onClose={() => setPanel(undefined)}
        />
      )}
      {area && <AreaDim area={area} canCommand={canCommand} onClose={() => setArea(undefined)} />}
      {map && choice && <MapChoice map={map} choice={choice} onPick={chosen} onClose={closeChoice} />}
      {map && selected && (
        <MapPopup
          map={map}
          selected={selected}
          liveStatus={statuses.get(liveKey(selected.layer, selected.id))}
          liveReading={selected.layer === 'LuminaryModules' ? readings.get(selected.id) : undefined}
          canCommand={canCommand}
          onClose={closePopup}
          onNeighbours={neighbours}
        />
      )}
    </Box>
  );
}

const noneShown = (counts: Summary['counts'], types: Record<MapLayer, boolean>) =>
  LAYERS.every((l) => !types[l] || !counts[l]);

const zeroCounts = () => Object.fromEntries(LAYERS.map((l) => [l, 0])) as Record<MapLayer, number>;
