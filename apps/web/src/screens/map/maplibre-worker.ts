/// <reference types="vite/client" />
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// Vite does not bundle maplibre's worker by itself. Maplibre makes its pool of workers once per page, with the URL
// known at its first map: every map of the console imports this module first, or a small map drawn before the map
// screen leaves the whole page with workers that never start (the map screen then never loads).
setWorkerUrl(workerUrl);
