import { useEffect, useRef } from 'react';
import { listenLive } from '../../live/live-stream.ts';

type Named = { _id?: number; layer?: string };
/** the live stream's bursts are folded into one reload */
const QUIET_MS = 1000;

/**
 * Calls `refresh` when the live stream says one of these control modules reported or changed state (its `modules`
 * and `map` events), at most once a second.
 */
export function useLiveRefresh(moduleIds: readonly number[], refresh: () => void) {
  const ids = useRef(new Set<number>());
  ids.current = new Set(moduleIds);
  const again = useRef(refresh);
  again.current = refresh;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = (e: MessageEvent<string>) => {
      const named = JSON.parse(e.data) as Named[];
      const ours = named.some(
        (n) =>
          typeof n._id === 'number' && ids.current.has(n._id) && (!n.layer || n.layer === 'LuminaryModules'),
      );
      if (ours && !timer)
        timer = setTimeout(() => {
          timer = undefined;
          again.current();
        }, QUIET_MS);
    };
    const stop = listenLive({ modules: heard, map: heard });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);
}
