import { http } from '../../providers/http.ts';

// The calendar's own calls (spec §7): a day's save with the POST that changes a date already set, and the CSV
// upload, whose refusal names every bad line.

export type CalendarDay = { _id: number; date: string; type: string; label?: string | null };
export type LineProblem = { line: number; column: string; reason: string };
export type UploadAnswer =
  | { ok: true; created: number; updated: number }
  | { ok: false; reason?: string; message: string; lines: LineProblem[] };

export const saveDay = (day: { _id?: number; date: string; type: string; label: string | null }) =>
  http<CalendarDay>('POST', '/api/v1/CalendarProfiles', day);

/** The days set in a month or year: the group's, or a user of no group's shared days (those all groups follow). */
export function daysOfPeriod(year: number, month: number | undefined, ofGroup: boolean) {
  const q = new URLSearchParams({ year: String(year) });
  if (month !== undefined) q.set('month', String(month));
  if (!ofGroup) q.set('group', 'null');
  return http<{ data: CalendarDay[] }>('GET', `/api/v1/CalendarProfiles?${q}`).then((page) => page.data);
}

const csrf = () => decodeURIComponent(/(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '');

export async function uploadCalendar(csv: string): Promise<UploadAnswer> {
  const res = await fetch('/api/v2/calendar/upload', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'text/csv', 'x-csrf-token': csrf() },
    body: csv,
  });
  const body = (await res.json().catch(() => null)) as {
    result?: { created: number; updated: number };
    reason?: string;
    message?: string;
    lines?: LineProblem[];
  } | null;
  if (res.ok && body?.result) return { ok: true, ...body.result };
  return {
    ok: false,
    ...(body?.reason && { reason: body.reason }),
    message: body?.message ?? `HTTP ${res.status}`,
    lines: body?.lines ?? [],
  };
}
