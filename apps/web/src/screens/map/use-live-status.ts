import { useEffect, useRef, useState } from 'react';
import type { Map as MapLibre } from 'maplibre-gl';
import type { LiveChange, LiveReading } from './map-api.ts';
import { listenLive } from '../../live/live-stream.ts';
import { DEVICES } from './map-style.ts';

export const liveKey = (layer: string, id: number | string) => `${layer}/${id}`;

/**
 * Marker colours follow the live stream: each `map` event sets the feature state of the markers it names, which
 * the style paints before the status the tile was drawn with. Returns the latest status per marker, the latest
 * level and power per control module (`modules` events), and a counter that moves with every event, for
 * whatever shows them beside the map.
 */
export function useLiveStatus(map: MapLibre | undefined, onChange: () => void) {
  const statuses = useRef(new Map<string, number>());
  const readings = useRef(new Map<number, Omit<LiveReading, '_id'>>());
  const [tick, setTick] = useState(0);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!map) return;
    return listenLive({
      map: (e) => {
        const changes = JSON.parse(e.data) as LiveChange[];
        for (const c of changes) {
          statuses.current.set(liveKey(c.layer, c._id), c.status);
          map.setFeatureState({ source: DEVICES, sourceLayer: c.layer, id: c._id }, { status: c.status });
        }
        setTick((t) => t + 1);
        changed.current();
      },
      modules: (e) => {
        for (const { _id, pwm, pow } of JSON.parse(e.data) as LiveReading[])
          readings.current.set(_id, { pwm, pow });
        setTick((t) => t + 1);
      },
    });
  }, [map]);

  return { statuses: statuses.current, readings: readings.current, tick };
}
