import { useEffect, useRef } from 'react';
import { listenLive } from '../../live/live-stream.ts';

/** Calls `onEvents` whenever the live stream tells of events opened or solved. */
export function useLiveEvents(onEvents: () => void) {
  const latest = useRef(onEvents);
  latest.current = onEvents;
  useEffect(() => listenLive({ events: () => latest.current() }), []);
}
