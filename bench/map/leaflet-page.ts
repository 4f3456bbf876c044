import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from '../api/processes.ts';

// The baseline: a static page with Leaflet and leaflet.markercluster showing the same points, loaded as JSON
// ([lat, lon, lat, lon, ...]). It has no base map either, so both sides draw only markers.

const LEAFLET = path.join(ROOT, 'node_modules/leaflet/dist');
const CLUSTER = path.join(ROOT, 'node_modules/leaflet.markercluster/dist');

const FILES: Record<string, [string, string]> = {
  '/leaflet.js': [path.join(LEAFLET, 'leaflet.js'), 'text/javascript'],
  '/leaflet.css': [path.join(LEAFLET, 'leaflet.css'), 'text/css'],
  '/markercluster.js': [path.join(CLUSTER, 'leaflet.markercluster.js'), 'text/javascript'],
  '/MarkerCluster.css': [path.join(CLUSTER, 'MarkerCluster.css'), 'text/css'],
  '/MarkerCluster.Default.css': [path.join(CLUSTER, 'MarkerCluster.Default.css'), 'text/css'],
  '/images/marker-icon.png': [path.join(LEAFLET, 'images/marker-icon.png'), 'image/png'],
  '/images/marker-icon-2x.png': [path.join(LEAFLET, 'images/marker-icon-2x.png'), 'image/png'],
  '/images/marker-shadow.png': [path.join(LEAFLET, 'images/marker-shadow.png'), 'image/png'],
};

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Leaflet baseline</title>
<link rel="stylesheet" href="/leaflet.css"><link rel="stylesheet" href="/MarkerCluster.css">
<link rel="stylesheet" href="/MarkerCluster.Default.css">
<style>html,body,#map{margin:0;height:100%}</style></head>
<body><div id="map"></div>
<script src="/leaflet.js"></script><script src="/markercluster.js"></script>
<script>
  L.Icon.Default.imagePath = '/images/';
  // markercluster needs a maximum zoom, which a tile layer would otherwise give
  const map = L.map('map', { preferCanvas: true, maxZoom: 19 });
  window.__leafletMap = map;
  fetch('/points.json').then((r) => r.json()).then((flat) => {
    let minLat = 90, minLon = 180, maxLat = -90, maxLon = -180;
    const markers = new Array(flat.length / 2);
    for (let i = 0; i < flat.length; i += 2) {
      const lat = flat[i], lon = flat[i + 1];
      if (lat < minLat) minLat = lat; if (lat > maxLat) maxLat = lat;
      if (lon < minLon) minLon = lon; if (lon > maxLon) maxLon = lon;
      markers[i / 2] = L.marker([lat, lon]);
    }
    map.fitBounds([[minLat, minLon], [maxLat, maxLon]]);
    const group = L.markerClusterGroup({ chunkedLoading: true });
    group.addLayers(markers);
    map.addLayer(group);
  });
</script></body></html>`;

/** Serves the baseline page and `points` on a free port of this machine. */
export async function leafletPage(points: Float64Array): Promise<{ url: string; close(): Promise<void> }> {
  const json = JSON.stringify(Array.from(points));
  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0]!;
    if (url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    if (url === '/points.json') return res.writeHead(200, { 'content-type': 'application/json' }).end(json);
    const file = FILES[url];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
