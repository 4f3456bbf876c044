import { MapScreen } from './map/map-screen.tsx';

// Loaded on demand (see app.tsx), so MapLibre stays out of the sign-in page's bundle.
export default function MapPage() {
  return <MapScreen />;
}
