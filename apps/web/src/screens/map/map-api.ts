import { controlAnswerError } from '@sl/domain';
import { HttpError } from 'react-admin';
import { http, type ErrorBody } from '../../providers/http.ts';
import { firstViewAnswer } from './first-view-handle.ts';
import type { MapFilter, MapLayer } from './map-style.ts';

export type Row = Record<string, unknown> & { _id: number };
export { tilesVersion, type Summary } from './map-summary.ts';
import type { Summary } from './map-summary.ts';
export type LiveChange = { layer: MapLayer; _id: number; status: number };
/** A control module's readings as the live stream's `modules` events carry them. */
export type LiveReading = { _id: number; pwm?: number | null; pow?: number | null };

/** Bounds around every device; counts of those the filter shows. */
export const summary = async (filter: MapFilter = 'all') =>
  (await http<{ error: false; result: Summary }>('GET', `/api/v2/map/summary?filter=${filter}`)).result;

// the first view's, asked for by the console's first script; else asked for as the map's code arrives
let early: Promise<Summary> | undefined = (async () =>
  (await firstViewAnswer())?.summary ?? (await summary()))();
// whoever takes it handles a failure; until then it must not count as unhandled
early.catch(() => undefined);
/** The summary asked for when the map's code loaded, once; a fresh one after that. */
export function firstSummary(): Promise<Summary> {
  const got = early ?? summary();
  early = undefined;
  return got;
}

/** Open important events per type, in the caller's group. */
export const openEventCounts = async () =>
  (await http<{ result: Record<string, number> }>('GET', '/api/v2/important-events/counts')).result;

export const row = (layer: MapLayer, id: number | string) => http<Row>('GET', `/api/v1/${layer}/${id}`);

/** spec §7 SingleRequest/all: what lies within `radius` metres of a point, nearest first. */
export function around(
  center: [number, number],
  radius: number,
  layers: readonly MapLayer[],
  filter: MapFilter,
  limit = 200,
) {
  const q = new URLSearchParams({
    lon: String(center[0]),
    lat: String(center[1]),
    radius: String(Math.round(radius)),
    limit: String(limit),
    models: layers.join(','),
  });
  if (filter !== 'all') q.set('aggregate', filter);
  return http<Partial<Record<MapLayer, Row[]>>>('GET', `/api/v1/SingleRequest/all?${q}`);
}

/** A control answer as the user reads it: the translation key of its spec §8 message, or of "done". */
export type Outcome = {
  ok: boolean;
  key: string;
  /** a switched controller's I/O as it answered */ iostate?: number;
};
type ControlAnswer = { code: number; msg: string; raw?: { iostate?: number } };

async function control(path: string, kind: 'dim' | 'switch'): Promise<Outcome> {
  try {
    const a = await http<ControlAnswer>('GET', path);
    const failure = controlAnswerError(a.code, kind);
    return failure
      ? { ok: false, key: `error.${failure}` }
      : { ok: true, key: 'sl.mapCommandDone', iostate: a.raw?.iostate };
  } catch (err) {
    const body = err instanceof HttpError ? (err.body as ErrorBody | null) : null;
    return { ok: false, key: `error.${body?.code ?? 'null'}` };
  }
}

export const dimModule = (moduleId: number, pwm: number) =>
  control(`/api/v1/control/lighting?by=id&id=${moduleId}&raw=${pwm}`, 'dim');

/** The modules selected in a list, as one command. */
export const dimModules = (moduleIds: readonly number[], pwm: number) =>
  control(`/api/v1/control/lighting?by=ids&ids=${moduleIds.join(',')}&raw=${pwm}`, 'dim');

export const dimSupport = (supportId: number, pwm: number) =>
  control(`/api/v1/control/lighting?by=support&id=${supportId}&raw=${pwm}`, 'dim');

export const switchPhase = (mac: string, phase: 1 | 2 | 3, on: boolean) =>
  control(
    `/api/v1/control/controller?by=mac&mac=${encodeURIComponent(mac)}&sw${phase}=${on ? 1 : 0}`,
    'switch',
  );

export async function modulesOfSupport(supportId: number): Promise<Row[]> {
  const page = await http<{ data: Row[] }>(
    'GET',
    `/api/v1/LuminaryModules?luminarySupport=${supportId}&limit=16`,
  );
  return page.data;
}

/** The cabinet a controller serves, named from either side, or undefined where none is seen. */
export async function cabinetOfController(controller: Row): Promise<Row | undefined> {
  const page = await http<{ data: Row[] }>('GET', `/api/v1/Cabinets?controller=${controller._id}&limit=1`);
  if (page.data[0]) return page.data[0];
  return typeof controller.cabinet === 'number' ? row('Cabinets', controller.cabinet) : undefined;
}

export async function controllerOfCabinet(cabinet: Row): Promise<Row | undefined> {
  if (typeof cabinet.controller === 'number') return row('Controllers', cabinet.controller);
  const page = await http<{ data: Row[] }>('GET', `/api/v1/Controllers?cabinet=${cabinet._id}&limit=1`);
  return page.data[0];
}
