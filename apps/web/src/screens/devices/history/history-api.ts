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

/** A record's change log, newest first (GET /api/v2/{Entity}/history). */
export async function changesOf(entity: string, id: number, limit = 50) {
  const { result } = await http<{ result: { total: number; data: ChangeEntry[] } }>(
    'GET',
    `/api/v2/${entity}/history?id=${id}&limit=${limit}`,
  );
  return result;
}
