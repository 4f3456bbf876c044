// What the browsers say when a script chunk cannot be fetched (spec §8 ChunkLoadError).
const CHUNK_FAILURE =
  /ChunkLoadError|dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message));

/** A chunk that has not arrived within the limit (spec §9: 120 s) fails as a ChunkLoadError, not a spinner forever. */
export function loadWithin<T>(load: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error(`chunk not loaded within ${ms} ms`), { name: 'ChunkLoadError' })),
      ms,
    );
    load().then(
      (m) => (clearTimeout(timer), resolve(m)),
      (err: unknown) => (clearTimeout(timer), reject(err as Error)),
    );
  });
}
