export { latOf, lonOf, mercatorX, mercatorY } from '@sl/domain';

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres. */
export function metresBetween(lon1: number, lat1: number, lon2: number, lat2: number) {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Degrees of latitude and longitude that certainly cover `metres` around a latitude. */
export function degreesAround(lat: number, metres: number) {
  const dLat = (metres / EARTH_RADIUS_M) * (180 / Math.PI);
  const cos = Math.max(0.01, Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180));
  return { dLat, dLon: Math.min(180, dLat / cos) };
}
