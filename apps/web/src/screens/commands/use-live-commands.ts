import { useEffect, useRef } from 'react';
import { listenLive } from '../../live/live-stream.ts';

/** Calls `onCommand` (at most every half second) while the live stream reports commands of the caller's group. */
export function useLiveCommands(onCommand: () => void) {
  const latest = useRef(onCommand);
  latest.current = onCommand;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = listenLive({
      command: () => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = undefined;
          latest.current();
        }, 500);
      },
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);
}
