import { http } from '../../../providers/http.ts';

/** a socket of another mounting that holds a module */
export type Holder = { module: number; support: number; uid: string | null; socket: number };
export type Socket = Record<string, unknown> & { luminaryModule?: number | null };

export const holdersOf = async (modules: number[]): Promise<Holder[]> =>
  modules.length
    ? (
        await http<{ result: Holder[] }>(
          'GET',
          `/api/v2/luminary-supports/holders?modules=${modules.join(',')}`,
        )
      ).result
    : [];

export const moduleIdsOf = (sockets: unknown): number[] =>
  (Array.isArray(sockets) ? (sockets as Socket[]) : [])
    .map((s) => s?.luminaryModule)
    .filter((id): id is number => typeof id === 'number');

/**
 * Saves a mounting's sockets; a module another mounting holds is taken out of that socket first (the socket
 * stays, empty), so the module is never in two sockets, not even between the two saves.
 */
export async function saveSockets(support: number, sockets: Socket[]) {
  const moving = (await holdersOf(moduleIdsOf(sockets))).filter((h) => h.support !== support);
  for (const from of new Set(moving.map((h) => h.support))) {
    const taken = new Set(moving.filter((h) => h.support === from).map((h) => h.module));
    const old = await http<{ sockets?: Socket[] }>('GET', `/api/v1/LuminarySupports/${from}`);
    const freed = (old.sockets ?? []).map((s) =>
      typeof s.luminaryModule === 'number' && taken.has(s.luminaryModule)
        ? { ...s, luminaryModule: null }
        : s,
    );
    await http('PATCH', `/api/v1/LuminarySupports/${from}`, { sockets: freed });
  }
  return http('PATCH', `/api/v1/LuminarySupports/${support}`, { sockets });
}
