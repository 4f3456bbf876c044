import { describe, expect, it } from 'vitest';
import { isChunkLoadError, loadWithin } from './chunk-error.ts';

describe('chunk load errors', () => {
  it('recognises what Chromium, Firefox and Safari say when a chunk does not load', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('chunk load limit', () => {
  it('passes a chunk that arrives in time', async () => {
    await expect(loadWithin(() => Promise.resolve('screen'), 50)).resolves.toBe('screen');
  });

  it('fails one that does not arrive as a ChunkLoadError', async () => {
    const never = () => new Promise<never>(() => undefined);
    const error = await loadWithin(never, 20).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
  });
});
