import type { ScheduleDay, ScheduleProblem, TwilightDay } from '@sl/domain/schedule';
import { http } from '../../providers/http.ts';

// The power schedule's calls (spec §7; issue 12): a controller's months, a month's save, days from twilight, and
// the file's download and upload, whose answer names every line not written.

export type MonthRow = { _id: number; month: string; timeData: ScheduleDay[] };
export type Controller = { _id: number; uid?: string; mac?: string };
export type UploadAnswer =
  | { ok: true; created: number; updated: number; days: number; lines: ScheduleProblem[] }
  | { ok: false; message: string; lines: ScheduleProblem[] };

const base = (controller: number) => `/api/v2/controller-schedule/${controller}`;

export const controllersOf = () =>
  http<{ data: Controller[] }>('GET', '/api/v1/Controllers?limit=500&sort=uid').then((p) => p.data);

export const monthsOf = (controller: number, year: number) =>
  http<{ data: MonthRow[] }>(
    'GET',
    `/api/v1/ControllerSchedule?controller=${controller}&month_gte=${year}-01&month_lte=${year}-12&limit=12`,
  ).then((p) => p.data);

export const saveMonth = (controller: number, month: string, timeData: ScheduleDay[]) =>
  http<MonthRow>('POST', '/api/v1/ControllerSchedule', { controller, month, timeData });

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
  on: string | null;
  off: string | null;
};
export const tonightOf = (controller: number) =>
  http<{ result: Tonight }>('GET', `${base(controller)}/tonight`).then((a) => a.result);

export const fileUrl = (controller: number, year: number, format: 'xlsx' | 'csv') =>
  `${base(controller)}/file?format=${format}&from=${year}-01&to=${year}-12`;

const csrf = () => decodeURIComponent(/(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '');

export async function uploadSchedule(controller: number, file: File): Promise<UploadAnswer> {
  const res = await fetch(`${base(controller)}/upload`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/octet-stream', 'x-csrf-token': csrf() },
    body: file,
  });
  const body = (await res.json().catch(() => null)) as {
    result?: { created: number; updated: number; days: number; lines: ScheduleProblem[] };
    message?: string;
    lines?: ScheduleProblem[];
  } | null;
  if (res.ok && body?.result) return { ok: true, ...body.result };
  return { ok: false, message: body?.message ?? `HTTP ${res.status}`, lines: body?.lines ?? [] };
}
