import { http } from '../../../providers/http.ts';

export const SERIES = ['pwm', 'pow', 'energy', 'temp', 'rssi'] as const;
export type SeriesName = (typeof SERIES)[number];
/** GET /api/v2/lamp-modules/:id/history: bucket starts and each series' values (energy in Wh, as reported) */
export type ModuleHistory = { bucketSeconds: number; at: string[] } & Record<SeriesName, (number | null)[]>;

export const moduleHistory = async (id: number | string, from: Date, to: Date) =>
  (
    await http<{ result: ModuleHistory }>(
      'GET',
      `/api/v2/lamp-modules/${id}/history?from=${from.toISOString()}&to=${to.toISOString()}`,
    )
  ).result;
