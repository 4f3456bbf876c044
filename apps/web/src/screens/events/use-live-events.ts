import { useEffect, useRef } from 'react';

/** Calls `onEvents` whenever the live stream tells of events opened or solved. */
export function useLiveEvents(onEvents: () => void) {
  const latest = useRef(onEvents);
  latest.current = onEvents;
  useEffect(() => {
    const source = new EventSource('/api/v2/live', { withCredentials: true });
    source.addEventListener('events', () => latest.current());
    return () => source.close();
  }, []);
}
