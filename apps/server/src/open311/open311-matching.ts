import { OPEN311_MATCH_METRES } from '@sl/domain';
import type { Raw } from '../field/offline-sweep.ts';

const METRES_PER_DEGREE = 111_320;

/**
 * The mounting a citizen means: the one whose number they read off the pole, else the nearest within 30 m of where
 * they stood; in the application's group (every group for an application of none). None: the report waits in
 * triage.
 */
export async function matchSupport(
  raw: Raw,
  group: number | null,
  where: { poleId?: string; lat?: number; lon?: number },
): Promise<number | null> {
  if (where.poleId) {
    const { rows } = await raw.query(
      `select _id from luminary_supports
      where deleted_at is null and lower(uid) = lower($1) and ($2::bigint is null or "group" = $2) limit 1`,
      [where.poleId.trim(), group],
    );
    if (rows[0]) return Number(rows[0]._id);
  }
  if (where.lat === undefined || where.lon === undefined) return null;
  const dLat = OPEN311_MATCH_METRES / METRES_PER_DEGREE;
  const dLon = dLat / Math.max(Math.cos((where.lat * Math.PI) / 180), 0.01);
  // a box around the point first (the location index), then the great-circle distance within it
  const { rows } = await raw.query(
    `select _id, 2 * 6371008.8 * asin(sqrt(
        power(sin(radians(location_lat - $1) / 2), 2)
        + cos(radians($1)) * cos(radians(location_lat)) * power(sin(radians(location_lon - $2) / 2), 2))) as metres
    from luminary_supports
    where deleted_at is null and ($3::bigint is null or "group" = $3)
      and location_lat between $1 - $4 and $1 + $4 and location_lon between $2 - $5 and $2 + $5
    order by metres limit 1`,
    [where.lat, where.lon, group, dLat, dLon],
  );
  const nearest = rows[0];
  return nearest && Number(nearest.metres) <= OPEN311_MATCH_METRES ? Number(nearest._id) : null;
}
