import type { CommandOutcome } from '@sl/domain';
import { http } from '../../providers/http.ts';

export { COMMAND_OUTCOMES as OUTCOMES } from '@sl/domain';
export type Outcome = CommandOutcome;

/** The command types the server sends; others are shown by their own name. */
export const COMMAND_TYPES = ['dim', 'switch', 'program', 'params', 'json'] as const;

export type DeviceState = {
  controllerMac: string;
  state: 'queued' | 'sent' | 'acknowledged' | 'failed' | 'timed_out' | 'disconnected' | 'expired';
  code: number | null;
  sentAt: string | null;
  answeredAt: string | null;
  /** the controller's name, and what its answer code means (empty when it confirmed) */
  name: string | null;
  message: string;
};
export type ArchivedCommand = {
  id: number;
  login: string | null;
  type: string;
  target: Record<string, unknown>;
  payload: Record<string, unknown>;
  createdAt: string;
  finishedAt: string | null;
  devices: DeviceState[];
  /** the name of the record the command addressed */
  targetName: string | null;
  /** the record whose change the command follows (a program after a profile changed) */
  because?: { entity: string; id: number; name: string | null };
};
export type Filters = { type?: string; controller?: string; from?: string; to?: string; outcome: Outcome[] };

export async function fetchArchive(filters: Filters, page: number, perPage: number) {
  const q = new URLSearchParams({ skip: String(page * perPage), limit: String(perPage) });
  for (const key of ['type', 'controller', 'from', 'to'] as const) {
    const v = filters[key]?.trim();
    if (v) q.set(key, key === 'from' || key === 'to' ? new Date(v).toISOString() : v);
  }
  for (const o of filters.outcome) q.append('outcome', o);
  const { result } = await http<{ result: { total: number; data: ArchivedCommand[] } }>(
    'GET',
    `/api/v2/commands?${q}`,
  );
  return result;
}

/** How many of a command's controllers confirmed it, and whether it still waits for any. */
export function tally(c: ArchivedCommand) {
  const count = (...states: DeviceState['state'][]) =>
    c.devices.filter((d) => states.includes(d.state)).length;
  return {
    total: c.devices.length,
    acknowledged: count('acknowledged'),
    pending: count('queued', 'sent'),
    failed: count('failed', 'timed_out', 'disconnected', 'expired'),
  };
}
