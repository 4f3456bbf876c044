import { useEffect, useRef } from 'react';

/** Calls `onCommand` (at most every half second) while the live stream reports commands of the caller's group. */
export function useLiveCommands(onCommand: () => void) {
  const latest = useRef(onCommand);
  latest.current = onCommand;
  useEffect(() => {
    const source = new EventSource('/api/v2/live', { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener('command', () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        latest.current();
      }, 500);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
}
