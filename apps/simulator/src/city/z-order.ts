/** Morton (Z-order) key of each point within the points' bounding box: near keys are near on the map. */
export function zOrder(points: readonly { lon: number; lat: number }[]) {
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of points) {
    [x0, x1, y0, y1] = [Math.min(x0, p.lon), Math.max(x1, p.lon), Math.min(y0, p.lat), Math.max(y1, p.lat)];
  }
  const q = (v: number, lo: number, hi: number) =>
    hi > lo ? Math.round(((v - lo) / (hi - lo)) * 0xffff) : 0;
  return (p: { lon: number; lat: number }) =>
    (spread(q(p.lon, x0, x1)) | (spread(q(p.lat, y0, y1)) << 1)) >>> 0;
}

function spread(v: number): number {
  let x = v & 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  return (x | (x << 1)) & 0x55555555;
}
