import { http } from '../../providers/http.ts';

// The events' own calls (spec §7 get-full-info, the operator's solve, the open counts per type).

export type EventInfo = Record<string, unknown> & {
  _id: number;
  type: string;
  status: string;
  socketNumber: number | null;
  grouped: number;
  solvedBy: { _id: number; login: string } | null;
};

export const eventFullInfo = (id: number) =>
  http<{ result: EventInfo }>('GET', `/api/v2/important-events/get-full-info?id=${id}`).then((a) => a.result);

export const solveEvent = (id: number, comment: string) =>
  http('POST', '/api/v2/important-events/solve', { _id: id, comment });

export const openEventCounts = () =>
  http<{ result: Record<string, number> }>('GET', '/api/v2/important-events/counts').then((a) => a.result);
