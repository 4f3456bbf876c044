import { useEffect, useRef, useState } from 'react';
import { listenLive } from './live-stream.ts';

/** a screen follows changes within 2 s (issue 29 §6), and asks no more often than that however many come */
export const LIVE_GAP_MS = 2000;

/**
 * A count that rises when the live stream brings an event of one of `types` (that `takes`, when given, accepts),
 * at most once per `gapMs`: a screen that shows counts and sums, or a record's latest values, asks again on it.
 */
export function useLiveTick(
  types: readonly string[],
  takes?: (data: unknown) => boolean,
  gapMs = LIVE_GAP_MS,
): number {
  const [tick, setTick] = useState(0);
  const accepts = useRef(takes);
  accepts.current = takes;
  const key = types.join(',');
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = (e: MessageEvent<string>) => {
      if (accepts.current && !accepts.current(JSON.parse(e.data))) return;
      timer ??= setTimeout(
        () => {
          timer = undefined;
          last = Date.now();
          setTick((n) => n + 1);
        },
        Math.max(0, last + gapMs - Date.now()),
      );
    };
    const stop = listenLive(Object.fromEntries(key.split(',').map((type) => [type, heard])));
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [key, gapMs]);
  return tick;
}
