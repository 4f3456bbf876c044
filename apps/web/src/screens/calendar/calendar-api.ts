import { http } from '../../providers/http.ts';

// The calendar's own calls (spec §7): a day's save with the POST that changes a date already set, and the CSV
// upload, whose refusal names every bad line.

export type CalendarDay = { _id: number; date: string; type: string; label?: string | null };
export type LineProblem = { line: number; column: string; reason: string };
export type UploadAnswer =
  | { ok: true; created: number; updated: number }
  | { ok: false; reason?: string; message: string; lines: LineProblem[] };

/**
 * Whose days: `own` the user's group's; a number the group a user of no group chose; null the shared days (those all
 * groups follow), a user of no group's own.
 */
export type DaysOf = number | null | 'own';

export const saveDay = (
  day: { _id?: number; date: string; type: string; label: string | null },
  group: DaysOf = 'own',
) =>
  http<CalendarDay>('POST', '/api/v1/CalendarProfiles', {
    ...day,
    ...(typeof group === 'number' && { group }),
  });

/** The days set in a month or year of a group, or the shared days. */
export function daysOfPeriod(year: number, month: number | undefined, group: DaysOf) {
  const q = new URLSearchParams({ year: String(year) });
  if (month !== undefined) q.set('month', String(month));
  if (group !== 'own') q.set('group', String(group));
  return http<{ data: CalendarDay[] }>('GET', `/api/v1/CalendarProfiles?${q}`).then((page) => page.data);
}

const csrf = () => decodeURIComponent(/(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '');

export async function uploadCalendar(csv: string, group: DaysOf = 'own'): Promise<UploadAnswer> {
  const res = await fetch(`/api/v2/calendar/upload${typeof group === 'number' ? `?group=${group}` : ''}`, {
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
