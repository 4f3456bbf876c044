import { z } from 'zod';

/** The most corners of an area drawn on the map. */
export const MAX_AREA_POINTS = 200;

const corner = /^-?\d{1,3}(\.\d{1,17})?,-?\d{1,2}(\.\d{1,17})?$/;

/** An area drawn on the map as `lon,lat;lon,lat;…` (WGS84, at least three corners; the ring closes itself). */
export const areaParam = z
  .string()
  .max(MAX_AREA_POINTS * 40)
  .transform((s) => s.split(';'))
  .refine(
    (points) => points.length >= 3 && points.length <= MAX_AREA_POINTS && points.every((p) => corner.test(p)),
  )
  .transform((points) => points.map((p) => p.split(',').map(Number) as [number, number]))
  .refine((ring) => ring.every(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90));
