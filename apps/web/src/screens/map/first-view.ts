import { mercatorX, mercatorY, TILE_PX, tilesInView, type Camera } from '@sl/domain/map-camera';
import { currentItem, MAP_PATH, predictedMapRect, remembered, type Rect } from './first-view-place.ts';
import { tilesVersion, type Summary } from './map-summary.ts';
import { tileUrl } from './tile-address.ts';
import {
  CLUSTER_OPACITY,
  clusterRadius,
  clusterStrokeWidth,
  colourOf,
  COUNT_TEXT,
  LAYERS,
  LOOK,
  pointRadius,
  RESERVE_RING_WIDTH,
  type MapFilter,
  type MapLayer,
} from './marker-look.ts';

export type { Rect };

// The city drawn on a plain canvas by a script inlined in the page (see first-view-inline.ts), from one request,
// while the console and MapLibre load (about a second on a slow machine). The map screen hands over to MapLibre
// once it has drawn the same devices in the same place: the camera is computed the same way for the same size.

/** Per layer, each device or cluster as [lon, lat, count, status, active]. */
export type FirstView = {
  summary: Summary;
  camera: Camera | null;
  features: Partial<Record<MapLayer, number[][]>>;
  /** centred on the current map item, as the map screen centres it, rather than fitting the city */
  onItem: boolean;
};
export type Shown = { rect: Rect; camera: Camera; onItem: boolean };

/** What the page's first script leaves for the map screen. */
export type FirstViewHandle = {
  /** the first view's answer, once: the map screen takes its summary from it rather than asking again */
  take(): Promise<FirstView | undefined> | undefined;
  /** while the canvas is shown: its place and the camera it was drawn with */
  shown(): Shown | undefined;
  /** puts the canvas into MapLibre's container, under the map's controls and popups */
  adopt(container: HTMLElement): void;
  /** removes the first view: MapLibre has drawn the devices, the map moved, or the screen is gone */
  end(): void;
};

declare global {
  interface Window {
    /** when the first view was drawn and how many markers it holds, for the benchmark and the screen tests */
    __slFirstView?: { drawnAt: number; markers: number; rect: Rect };
    slFirstView?: FirstViewHandle;
  }
}

export const FIRST_VIEW_ID = 'sl-first-view';
const GIVE_UP_MS = 60_000;

let pending: Promise<FirstView | undefined> | undefined;
let canvas: HTMLCanvasElement | undefined;
let shown: Shown | undefined;
/** MapLibre's container, once the map screen has made it */
let host: HTMLElement | undefined;
/** The map screen took over: an answer arriving after that is not drawn. */
let ended = false;

/**
 * Asks for the first view and draws it, when the page opened is the map; then `next` (asked for after it, the
 * map's code would slow the first view down).
 */
export function startFirstView(next: () => void) {
  if (window.location.pathname !== MAP_PATH) return;
  const rect = predictedMapRect();
  if (rect.width < 1 || rect.height < 1) return next();
  const { layers, filter } = remembered();
  const q = new URLSearchParams({
    width: String(rect.width),
    height: String(rect.height),
    filter,
    layers: layers.join(','),
  });
  const item = currentItem();
  if (item) q.set('item', item);
  pending = fetch(`/api/v2/map/first-view?${q}`, { credentials: 'same-origin' })
    .then(async (res) => (res.ok ? ((await res.json()) as { result: FirstView }).result : undefined))
    .catch(() => undefined);
  void pending.then((view) => {
    if (!view?.camera || ended || window.location.pathname !== MAP_PATH) return;
    draw(view, view.camera, layers, rect);
    prefetchTiles(view, view.camera, filter, rect);
    // once the first view is on screen
    requestAnimationFrame(() => setTimeout(next));
  });
}

export const firstViewHandle: FirstViewHandle = {
  take() {
    const got = pending;
    pending = undefined;
    return got;
  },
  shown: () => (canvas ? shown : undefined),
  adopt(container) {
    host = container;
    if (canvas) place(canvas);
  },
  end() {
    ended = true;
    canvas?.remove();
    canvas = undefined;
  },
};

/**
 * Asks for the device tiles MapLibre will ask for first, while its code is still on the way: its worker then
 * finds them in the browser's cache (they are kept a minute).
 */
function prefetchTiles(view: FirstView, camera: Camera, filter: MapFilter, size: Rect) {
  const { z, x0, x1, y0, y1 } = tilesInView(camera, size);
  const url = tileUrl(filter, tilesVersion(view.summary));
  for (let x = x0; x <= x1; x++)
    for (let y = y0; y <= y1; y++)
      void fetch(url.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)), {
        credentials: 'same-origin',
      }).catch(() => undefined);
}

function draw(view: FirstView, camera: Camera, layers: MapLayer[], rect: Rect) {
  const ratio = window.devicePixelRatio || 1;
  const c = document.createElement('canvas');
  c.id = FIRST_VIEW_ID;
  c.width = Math.round(rect.width * ratio);
  c.height = Math.round(rect.height * ratio);
  // clicks go through to the map
  Object.assign(c.style, { width: `${rect.width}px`, height: `${rect.height}px`, pointerEvents: 'none' });
  c.dataset.left = String(rect.left);
  c.dataset.top = String(rect.top);
  const g = c.getContext('2d');
  if (!g) return;
  g.scale(ratio, ratio);
  const world = TILE_PX * 2 ** camera.zoom;
  const [cx, cy] = [mercatorX(camera.lon), mercatorY(camera.lat)];
  const at = (lon: number, lat: number) => [
    rect.width / 2 + (mercatorX(lon) - cx) * world,
    rect.height / 2 + (mercatorY(lat) - cy) * world,
  ];
  let markers = 0;
  // the order of MapLibre's layers: per type its clusters, their counts, then its single devices
  for (const layer of LAYERS) {
    if (!layers.includes(layer)) continue;
    const features = view.features[layer] ?? [];
    const clusters = features.filter((f) => f[2]! > 1);
    for (const [lon, lat, count, status] of clusters) {
      const [x, y] = at(lon!, lat!);
      disc(
        g,
        x!,
        y!,
        clusterRadius(count!),
        colourOf(status!),
        LOOK[layer].stroke,
        clusterStrokeWidth(layer),
      );
    }
    g.font = `bold ${COUNT_TEXT.size}px "DejaVu Sans Mono", monospace`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.lineWidth = COUNT_TEXT.haloWidth * 2;
    for (const [lon, lat, count] of clusters) {
      const [x, y] = at(lon!, lat!);
      g.strokeStyle = COUNT_TEXT.halo;
      g.strokeText(String(count), x!, y!);
      g.fillStyle = COUNT_TEXT.colour;
      g.fillText(String(count), x!, y!);
    }
    for (const [lon, lat, count, status, active] of features) {
      if (count! > 1) continue;
      const [x, y] = at(lon!, lat!);
      const colour = colourOf(status!);
      const r = pointRadius(layer, camera.zoom);
      if (layer === 'Controllers' && active === 0)
        disc(g, x!, y!, r, '#ffffff', colour, RESERVE_RING_WIDTH, 1);
      else disc(g, x!, y!, r, colour, LOOK[layer].stroke, LOOK[layer].strokeWidth, 1);
    }
    markers += features.length;
  }
  canvas = c;
  // asked for from the page's head, the answer may come before the body is parsed
  if (host || document.body) place(c);
  else document.addEventListener('DOMContentLoaded', () => canvas === c && !c.isConnected && place(c));
  shown = { rect, camera, onItem: view.onItem };
  requestAnimationFrame(() => {
    if (canvas === c) window.__slFirstView = { drawnAt: performance.now(), markers, rect };
  });
  const started = performance.now();
  // a screen other than the map (the menu, the back button) or a map that never came takes it away
  const watch = () => {
    if (canvas !== c) return;
    if (window.location.pathname !== MAP_PATH || performance.now() - started > GIVE_UP_MS)
      firstViewHandle.end();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

/**
 * In MapLibre's container: above its canvas, below its controls and popups (later in the container), and below
 * the screen's own panels. Before there is one: in the map's predicted place, over the page.
 */
function place(c: HTMLCanvasElement) {
  if (host) {
    Object.assign(c.style, { position: 'absolute', left: '0', top: '0', zIndex: '' });
    host.insertBefore(c, host.querySelector('.maplibregl-control-container'));
  } else {
    Object.assign(c.style, {
      position: 'fixed',
      left: `${c.dataset.left}px`,
      top: `${c.dataset.top}px`,
      zIndex: '1',
    });
    document.body.appendChild(c);
  }
}

function disc(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  r: number,
  fill: string,
  stroke: string,
  strokeWidth: number,
  opacity = CLUSTER_OPACITY,
) {
  g.beginPath();
  g.arc(x, y, r, 0, 2 * Math.PI);
  g.globalAlpha = opacity;
  g.fillStyle = fill;
  g.fill();
  g.globalAlpha = 1;
  // MapLibre draws a circle's stroke outside its radius
  g.beginPath();
  g.arc(x, y, r + strokeWidth / 2, 0, 2 * Math.PI);
  g.lineWidth = strokeWidth;
  g.strokeStyle = stroke;
  g.stroke();
}
