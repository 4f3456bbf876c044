import type { ScheduleDay, ScheduleProblem, TwilightDay } from '@sl/domain/schedule';
import { http } from '../../providers/http.ts';

// The power schedule's calls (spec §7; issue 12): a controller's months, a month's save, days from twilight, and
// the file's download and upload, whose answer names every line not written.

export type MonthRow = { _id: number; month: string; timeData: ScheduleDay[] };
export type Controller = { _id: number; uid?: string; mac?: string };
export type UploadAnswer =
  | { ok: true; created: number; updated: number; days: number; lines: ScheduleProblem[] }
  | { ok: false; message: string; reason?: string; lines: ScheduleProblem[] };

const base = (controller: number) => `/api/v2/controller-schedule/${controller}`;

export const controllersOf = () =>
  http<{ data: Controller[] }>('GET', '/api/v1/Controllers?limit=500&sort=uid').then((p) => p.data);

export const monthsOf = (controller: number, year: number) =>
  http<{ data: MonthRow[] }>(
    'GET',
    `/api/v1/ControllerSchedule?controller=${controller}&month_gte=${year}-01&month_lte=${year}-12&limit=12`,
  ).then((p) => p.data);

/** A controller's month records from `first` to `last` (YYYY-MM), at most the 13 months a range of 366 days touches. */
export const monthsBetween = (controller: number, first: string, last: string) =>
  http<{ data: MonthRow[] }>(
    'GET',
    `/api/v1/ControllerSchedule?controller=${controller}&month_gte=${first}&month_lte=${last}&limit=13`,
  ).then((p) => p.data);

export const saveMonth = (controller: number, month: string, timeData: ScheduleDay[]) =>
  http<MonthRow>('POST', '/api/v1/ControllerSchedule', { controller, month, timeData });

/** A controller's name as the console and its files show it. */
export const controllerName = (c: Controller | undefined, id: number) => String(c?.uid ?? c?.mac ?? id);

export type Fill = { method: string; onOffset: number; offOffset: number };
export const twilightOf = (controller: number, from: string, to: string, fill: Fill) =>
  http<{ result: { timeZone: string; days: TwilightDay[] } }>(
    'GET',
    `${base(controller)}/twilight?${new URLSearchParams({ from, to, ...fill, onOffset: String(fill.onOffset), offOffset: String(fill.offOffset) })}`,
  ).then((a) => a.result);

export type Tonight = {
  date: string;
  timeZone: string;
  source: 'schedule' | 'fallback';
  /** with no row: the lighting program's instants, or (no lamps) dusk to dawn on MID */
  by?: 'program' | 'MID';
  /** as the cabinet last reported it: in MANUAL it follows neither */
  mode: 'AUTO' | 'MANUAL' | null;
  on: string | null;
  off: string | null;
};
export const tonightOf = (controller: number) =>
  http<{ result: Tonight }>('GET', `${base(controller)}/tonight`).then((a) => a.result);

/** One controller's file, or one covering several (a sheet each; CSV with a controller column). */
export const fileUrl = (controllers: number[], year: number, format: 'xlsx' | 'csv') =>
  controllers.length === 1
    ? `${base(controllers[0]!)}/file?format=${format}&from=${year}-01&to=${year}-12`
    : `/api/v2/controller-schedule/file?controllers=${controllers.join(',')}&format=${format}&from=${year}-01&to=${year}-12`;

const csrf = () => decodeURIComponent(/(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '');

export async function uploadSchedule(controllers: number[], file: File): Promise<UploadAnswer> {
  const url =
    controllers.length === 1
      ? `${base(controllers[0]!)}/upload`
      : `/api/v2/controller-schedule/upload?controllers=${controllers.join(',')}`;
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/octet-stream', 'x-csrf-token': csrf() },
    body: file,
  });
  const body = (await res.json().catch(() => null)) as {
    result?: { created: number; updated: number; days: number; lines: ScheduleProblem[] };
    message?: string;
    reason?: string;
    lines?: ScheduleProblem[];
  } | null;
  if (res.ok && body?.result) return { ok: true, ...body.result };
  return {
    ok: false,
    message: body?.message ?? `HTTP ${res.status}`,
    ...(body?.reason && { reason: body.reason }),
    lines: body?.lines ?? [],
  };
}
