import type { Browser, Page } from 'playwright-core';

// What a person opening the map would feel: time from navigation to the first drawn markers, the page's
// JS heap, and the frame times while the map is panned and zoomed by script.

export type Side = 'maplibre' | 'leaflet';
export type Measurement = {
  /** ms from navigation start; undefined when it did not happen within the cap */
  firstMarkersMs?: number;
  /** the console: ms from navigation start to MapLibre's own first markers (the first view is drawn before) */
  mapLibreMs?: number;
  capMs: number;
  heapMb?: number;
  frames?: { count: number; p50: number; p95: number; max: number };
  /** ms from navigation start at which the page asked for the first view, the map's code and the summary */
  milestones?: {
    firstView?: number;
    mapCode?: number;
    summary?: number;
    /** the map made early (apps/web/src/screens/map/early-map.ts): its marks, by name without `sl:map-` */
    marks?: Record<string, number>;
  };
};

// Debian's Chromium with the same flags as the screen tests
// a browser per call: the Leaflet page gets one of its own, closed without waiting
export { launchOwn as launch } from '../../apps/web/e2e/browser.ts';

// Scripts that run in the page, kept as plain JavaScript text: the bench runs under tsx, whose transform
// would wrap functions in helpers that do not exist in the page.
const MAPLIBRE_DRAWN = `(() => {
  const m = window.__slMap;
  if (!m || !m.getLayer('LuminarySupports-points')) return false;
  const layers = ['LuminarySupports-points', 'LuminarySupports-clusters'];
  return m.queryRenderedFeatures({ layers }).length > 0 && performance.now();
})()`;
const MARKERS_DRAWN: Record<Side, string> = {
  // the console's first view (a canvas drawn from one request before MapLibre is ready), or MapLibre itself
  maplibre: `(() => {
    const first = window.__slFirstView;
    if (first && first.markers > 0) return first.drawnAt;
    return ${MAPLIBRE_DRAWN};
  })()`,
  leaflet: `document.querySelector('.leaflet-marker-icon') !== null && performance.now()`,
};

// The console's Content-Security-Policy has no 'unsafe-eval', so page.waitForFunction (which makes its
// predicate with new Function in the page) is refused there. The checks run instead in a script injected
// before the page's own (DevTools injection, which the policy does not govern), every frame as waitForFunction
// polled, and leave the time each first held; the bench reads it through DevTools too.
const watchScript = (side: Side) => `(() => {
  const seen = (window.__benchDrawn = {});
  const frame = () => {
    if (seen.markers === undefined) seen.markers = ${MARKERS_DRAWN[side]} || undefined;
    if (${side === 'maplibre'} && seen.mapLibre === undefined) seen.mapLibre = ${MAPLIBRE_DRAWN} || undefined;
    if (seen.markers === undefined || (${side === 'maplibre'} && seen.mapLibre === undefined))
      requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

async function drawnAt(page: Page, what: 'markers' | 'mapLibre', capMs: number): Promise<number | undefined> {
  const deadline = performance.now() + capMs;
  while (performance.now() < deadline) {
    // a page busy with a million markers answers late, if at all
    const at = await within(
      page.evaluate(`window.__benchDrawn && window.__benchDrawn.${what}`).catch(() => undefined),
      deadline - performance.now(),
    );
    if (typeof at === 'number') return at;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

// pans four ways and zooms in and out, recording every requestAnimationFrame delta
const MOVE_AND_RECORD = `async (side) => {
  const wait = (on, e) => new Promise((r) => on.once(e, () => r()));
  const m = side === 'maplibre' ? window.__slMap : window.__leafletMap;
  const mover = side === 'maplibre'
    ? {
        pan: (dx, dy) => { const d = wait(m, 'moveend'); m.panBy([dx, dy], { duration: 700 }); return d; },
        zoom: (by) => { const d = wait(m, 'moveend'); m.zoomTo(m.getZoom() + by, { duration: 700 }); return d; },
      }
    : {
        pan: (dx, dy) => { const d = wait(m, 'moveend'); m.panBy([dx, dy], { duration: 0.7 }); return d; },
        zoom: (by) => { const d = wait(m, 'zoomend'); m.setZoom(m.getZoom() + by, { animate: true }); return d; },
      };
  const deltas = [];
  let last = 0;
  let running = true;
  const loop = (t) => {
    if (last) deltas.push(t - last);
    last = t;
    if (running) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  const capped = (p) => Promise.race([p, new Promise((r) => setTimeout(r, 5000))]);
  for (const [dx, dy] of [[400, 0], [0, 250], [-400, 0], [0, -250]]) await capped(mover.pan(dx, dy));
  await capped(mover.zoom(2));
  await capped(mover.pan(300, 200));
  await capped(mover.zoom(-2));
  running = false;
  return deltas;
}`;

// a page that cannot keep up (Leaflet with a million markers) must not hold the bench forever
const FRAMES_CAP_MS = 60_000;
const within = <T>(p: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 2 ** 20;
}

/**
 * Opens `url` in a fresh context (after `prepare`, e.g. signing in), and measures. A side that draws nothing
 * within `capMs` is reported as such, without frame times.
 */
export async function measure(
  browser: Browser,
  side: Side,
  url: string,
  capMs: number,
  prepare?: (page: Page) => Promise<void>,
): Promise<Measurement> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await prepare?.(page);
    await page.addInitScript(watchScript(side));
    await page.goto(url, { waitUntil: 'commit' });
    const drawn = await drawnAt(page, 'markers', capMs);
    if (drawn === undefined) return { capMs };
    const mapLibreMs = side === 'maplibre' ? await drawnAt(page, 'mapLibre', capMs) : undefined;
    const milestones = (await page.evaluate(`(() => {
      const at = (part) => performance.getEntriesByType('resource').find((e) => e.name.includes(part))?.startTime;
      const marks = Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('sl:map-'))
        .map((m) => [m.name.slice('sl:map-'.length), Math.round(m.startTime)]));
      return { firstView: at('/api/v2/map/first-view'), mapCode: at('/assets/early-map'), summary: at('/api/v2/map/summary'), marks };
    })()`)) as Measurement['milestones'];
    if (process.env.BENCH_MAP_TRACE && milestones?.marks)
      console.log('marks', JSON.stringify(milestones.marks));
    if (process.env.BENCH_MAP_TRACE)
      console.log(
        side,
        Math.round(drawn),
        await page.evaluate(`performance.getEntriesByType('resource').map((e) =>
          Math.round(e.startTime) + '-' + Math.round(e.responseEnd) + ' ' + e.name.replace(location.origin, '')).join('\\n')`),
      );
    // let the first view finish loading before moving it
    await page.waitForTimeout(1500);
    const recorded = await within(
      page.evaluate(`(${MOVE_AND_RECORD})(${JSON.stringify(side)})`) as Promise<number[]>,
      FRAMES_CAP_MS,
    );
    const deltas = recorded?.sort((a, b) => a - b);
    return {
      firstMarkersMs: drawn,
      mapLibreMs,
      capMs,
      milestones,
      heapMb: await within(heapMb(page), FRAMES_CAP_MS),
      frames: deltas && {
        count: deltas.length,
        p50: quantile(deltas, 0.5),
        p95: quantile(deltas, 0.95),
        max: deltas[deltas.length - 1] ?? 0,
      },
    };
  } finally {
    await context.close();
  }
}
