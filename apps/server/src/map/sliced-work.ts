import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work over a million devices, written as a generator that yields every STEP items: run at once where
 * nothing waits (tests), or in slices so that requests keep being answered while a large index is built.
 */
export type Work<T> = Generator<void, T, void>;

/** Items handled between two chances to pause. */
export const STEP = 4096;
// a request arriving mid-build waits at most about this long
const SLICE_MS = 8;

export function runNow<T>(work: Work<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

export async function runInSlices<T>(work: Work<T>): Promise<T> {
  let since = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - since >= SLICE_MS) {
      await nextTurn();
      since = performance.now();
    }
  }
}

/** For a loop of its own: awaited at each step, gives the thread back once SLICE_MS passed since it last did. */
export function slicer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await nextTurn();
    since = performance.now();
  };
}
