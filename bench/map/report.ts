import type { Machine } from '../api/report.ts';
import type { Measurement } from './measure.ts';

export const HEADING = '## Map (bench:map)';

export type CityResult = {
  count: number;
  loadSeconds: number;
  /** from the server's start to its first map answer: the map index read from the database */
  indexSeconds: number;
  /** when the server's start-up work (the first event pass) was done */
  settledSeconds: number;
  /** the median of the runs by first markers */
  maplibre: Measurement;
  maplibreFirst: (number | undefined)[];
  leaflet: Measurement;
};

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number | undefined) => (n === undefined ? '-' : int(n));
const s = (ms: number | undefined, cap: number) =>
  ms === undefined ? `> ${int(cap / 1000)} s` : `${(ms / 1000).toFixed(2)} s`;
const mb = (m: Measurement) => (m.heapMb === undefined ? '-' : `${m.heapMb.toFixed(0)} MB`);
const frames = (m: Measurement) =>
  m.frames
    ? `${m.frames.p50.toFixed(0)} / ${m.frames.p95.toFixed(0)} / ${m.frames.max.toFixed(0)}`
    : m.firstMarkersMs === undefined
      ? '-'
      : 'moves not done in 60 s';
const fps = (m: Measurement) => (m.frames ? (1000 / m.frames.p50).toFixed(0) : '-');

function speedup(r: CityResult): string {
  const ours = r.maplibre.firstMarkersMs;
  if (ours === undefined) return '-';
  const theirs = r.leaflet.firstMarkersMs ?? r.leaflet.capMs;
  const x = theirs / ours;
  return `${r.leaflet.firstMarkersMs === undefined ? '> ' : ''}${x.toFixed(x < 10 ? 1 : 0)}×`;
}

export function render(
  results: CityResult[],
  o: { runs: number; perCabinet: number; machine: Machine; date: string; load: string },
) {
  const rows = results.flatMap((r) => [
    [
      int(r.count),
      'console (MapLibre, server vector tiles)',
      s(r.maplibre.firstMarkersMs, r.maplibre.capMs),
      s(r.maplibre.mapLibreMs, r.maplibre.capMs),
      mb(r.maplibre),
      frames(r.maplibre),
      fps(r.maplibre),
      speedup(r),
    ],
    [
      int(r.count),
      'baseline (Leaflet + markercluster, JSON)',
      s(r.leaflet.firstMarkersMs, r.leaflet.capMs),
      '-',
      mb(r.leaflet),
      frames(r.leaflet),
      fps(r.leaflet),
      '1',
    ],
  ]);
  const table = [
    "posts | page | first markers | MapLibre's first markers | JS heap | frame ms p50 / p95 / max | fps (p50) | faster than baseline",
    '--: | --- | --: | --: | --: | --: | --: | --:',
    ...rows.map((r) => r.join(' | ')),
  ]
    .map((line) => `| ${line} |`)
    .join('\n');
  const goal1m = results.find((r) => r.count === 1_000_000)?.maplibre.firstMarkersMs;
  const at100k = results.find((r) => r.count === 100_000);
  const m = o.machine;
  return [
    HEADING,
    [
      `- Date: ${o.date}`,
      '- Command: `npm run bench:map`',
      `- Machine: ${m.cores} cores (\`nproc\`), ${m.memory} memory, ${m.cpu}; Node ${m.node}; ${m.postgres}; Debian's Chromium headless with \`--disable-gpu\` (WebGL in software), viewport 1280 × 800; load average when the run ended ${o.load} (the machine is shared)`,
      `- Data: lamp posts at the Cambridge positions in \`inventories/\`, the city copied side by side on a grid (as bench:api), ${o.perCabinet} per cabinet, one group, loaded into a fresh PostgreSQL database; no modules, so every post is "unknown" (-1). ${results.map((r) => `${int(r.count)}: loaded in ${r.loadSeconds.toFixed(1)} s, server map index ready ${r.indexSeconds.toFixed(1)} s after start, its start-up work done (the machine under a fifth of a core busy over 2 s; the offline sweep and event detection every 900 s, so not during the runs) ${r.settledSeconds.toFixed(1)} s after start`).join('; ')}.`,
      `- Console: signed in as admin (cookie), navigation to \`/Map\`, timed by \`performance.now()\` from navigation start, polled every frame; median of ${o.runs} runs (${results.map((r) => r.maplibreFirst.map((x) => (x === undefined ? '-' : int(x))).join(', ') + ' ms').join('; ')}). "First markers" is the first view: the console's first script asks the server for the city as the map will show it (\`/api/v2/map/first-view\`: the camera and the clusters and devices of the tiles in view) and draws it on a canvas in the map's place, until MapLibre has drawn the same devices. "MapLibre's first markers" is when \`queryRenderedFeatures\` finds a support marker or cluster on the MapLibre map. The online base map is unreachable here (no internet); the demo city's offline roads (Cambridge only) are added once MapLibre has drawn the markers.`,
      `- Where the console's time goes (the median runs): the first script asked for the first view at ${results.map((r) => ms(r.maplibre.milestones?.firstView)).join(' / ')} ms and, once it had drawn it, for MapLibre's code and its worker's (\`modulepreload\`, a cached fetch); the map's code ran at ${results.map((r) => ms(r.maplibre.milestones?.marks?.code)).join(' / ')} ms and made the map (its WebGL context) by ${results.map((r) => ms(r.maplibre.milestones?.marks?.made)).join(' / ')} ms, before the console's shell, which loads once the devices are drawn; the style was loaded at ${results.map((r) => ms(r.maplibre.milestones?.marks?.style)).join(' / ')} ms; the rest is MapLibre's worker starting, the tiles (asked for early by the first script, so found in the browser's cache) decoded in it, and the first frame in software WebGL.`,
      '- Baseline: a static page with Leaflet 1.9 and leaflet.markercluster (`chunkedLoading`, default icons, canvas renderer preferred) that fetches the same points as one JSON array; timed until the first marker or cluster icon is in the page.',
      "- JS heap: `JSHeapUsedSize` of the page after a forced GC, after the frame run (main thread only; MapLibre's workers are not counted). Frames: `requestAnimationFrame` deltas during four 700 ms pans, a 2-level zoom in, a pan and a zoom out.",
    ].join('\n'),
    table,
    [
      `- Goal "first markers ≤ 2 s at 1,000,000": **${goal1m === undefined ? 'not measured' : goal1m <= 2000 ? 'met' : 'not met'}**${goal1m === undefined ? '' : ` (${(goal1m / 1000).toFixed(2)} s)`}.`,
      `- Goal "≥ 10× faster than the baseline at 100,000": **${at100k ? (Number.parseFloat(speedup(at100k).replace('> ', '')) >= 10 ? 'met' : 'not met') : 'not measured'}**${at100k ? ` (${speedup(at100k)})` : ''}.`,
    ].join('\n'),
  ].join('\n\n');
}
