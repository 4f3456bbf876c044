import { HttpError } from 'react-admin';
import { controlAnswerError } from '@sl/domain';
import { http, type ErrorBody } from '../../providers/http.ts';
import type { MapLayer } from './map-style.ts';

/** A device the map's search found: what matched, and where it stands (null: it has no place). */
export type Found = {
  layer: MapLayer;
  _id: number;
  field: string;
  text: string;
  title: string;
  lon: number | null;
  lat: number | null;
};

export const searchDevices = async (q: string) =>
  (await http<{ result: Found[] }>('GET', `/api/v2/map/search?q=${encodeURIComponent(q)}&limit=10`)).result;

/** A district drawn on the map: its name and boundary (GeoJSON Polygon or MultiPolygon). */
export type District = { _id: number; name: string; boundary: GeoJSON.Polygon | GeoJSON.MultiPolygon };

export const districts = async () =>
  (await http<{ data: District[] }>('GET', '/api/v1/Districts?limit=1000&sort=name')).data;

/** What a group dim addresses: a district chosen on the map, or an area drawn on it. */
export type Area =
  { kind: 'district'; id: number; name: string } | { kind: 'drawn'; ring: [number, number][] };

const areaQuery = (a: Area) =>
  a.kind === 'district'
    ? `district=${a.id}`
    : `area=${a.ring.map(([lon, lat]) => `${lon.toFixed(6)},${lat.toFixed(6)}`).join(';')}`;

/** The control modules in the area, or `over` when there are more than one command takes. */
export async function modulesIn(a: Area): Promise<{ modules: number[]; max: number; over?: boolean }> {
  try {
    return (
      await http<{ result: { modules: number[]; max: number } }>('GET', `/api/v2/map/area?${areaQuery(a)}`)
    ).result;
  } catch (err) {
    const body = err instanceof HttpError ? (err.body as ErrorBody | null) : null;
    if (body?.reason === 'tooManyModules') return { modules: [], max: 0, over: true };
    throw err;
  }
}

/** A dim's answer over several controllers. */
export type AreaAnswer = {
  code: number;
  counts?: { controllers: number; modules: number; acknowledged: number };
};

export const dimArea = (a: Area, pwm: number) =>
  http<AreaAnswer>(
    'GET',
    `/api/v1/control/lighting?${a.kind === 'district' ? `by=district&id=${a.id}` : `by=area&${areaQuery(a)}`}&raw=${pwm}`,
  );

export const failureOf = (a: AreaAnswer) => controlAnswerError(a.code, 'dim');
