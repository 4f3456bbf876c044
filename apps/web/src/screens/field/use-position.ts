import { useEffect, useState } from 'react';
import type { FieldPlace } from './field-api.ts';

/** The phone's position while the screen is open, when the user allows it; `denied` when they did not. */
export function usePosition(): { here: FieldPlace | null; denied: boolean } {
  const [here, setHere] = useState<FieldPlace | null>(null);
  const [denied, setDenied] = useState(false);
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        setDenied(false);
        setHere({ lat: p.coords.latitude, lon: p.coords.longitude });
      },
      (err) => setDenied(err.code === err.PERMISSION_DENIED),
      // a street's length is precision enough, and a fix a minute old still says which pole is nearest
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, []);
  return { here, denied };
}
