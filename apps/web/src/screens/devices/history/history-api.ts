import type { Names } from './change-text.ts';
import { http } from '../../../providers/http.ts';

export type FieldChange = { from?: unknown; to?: unknown };
export type ChangeEntry = {
  id: number;
  action: 'create' | 'update' | 'delete';
  changes: Record<string, FieldChange>;
  at: string;
  userId: number | null;
  login: string | null;
};

/** A record's change log, newest first, with the names of the records it refers to (GET /api/v2/{Entity}/history). */
export async function changesOf(entity: string, id: number, limit = 50) {
  const { result } = await http<{ result: { total: number; data: ChangeEntry[]; names: Names } }>(
    'GET',
    `/api/v2/${entity}/history?id=${id}&limit=${limit}`,
  );
  return result;
}
