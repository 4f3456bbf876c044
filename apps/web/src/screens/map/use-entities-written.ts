import { useEffect, useRef, useState } from 'react';
import { listenLive } from '../../live/live-stream.ts';

/** the live stream's bursts (an import, a save that writes three tables) are folded into one */
const QUIET_MS = 500;

/**
 * A number that grows whenever someone writes one of these entities (the live stream's `entities` event, whoever
 * wrote them and wherever): what is computed from them is asked for again.
 */
export function useEntitiesWritten(names: readonly string[]): number {
  const [version, setVersion] = useState(0);
  const wanted = useRef(new Set(names));
  wanted.current = new Set(names);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = listenLive({
      entities: (e) => {
        const written = JSON.parse(e.data) as string[];
        if (timer || !written.some((n) => wanted.current.has(n))) return;
        timer = setTimeout(() => {
          timer = undefined;
          setVersion((v) => v + 1);
        }, QUIET_MS);
      },
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);
  return version;
}
