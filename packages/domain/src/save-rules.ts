import type { Entity } from './entity.ts';
import type { Field } from './fields.ts';
import { roundCoordinate } from './units.ts';

// Spec §5 save rules, applied by the server to every body (and by the console before sending):
// linked objects become their ids, empty values and type names are dropped, server-kept fields are
// ignored, locations become GeoJSON Points rounded to 6 decimals.

const IGNORED = new Set([
  '_id',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'createdBy',
  'updatedBy',
  '__typename',
]);

export type SaveMode = 'create' | 'patch';

export function applySaveRules(
  e: Entity,
  body: Record<string, unknown>,
  mode: SaveMode,
): Record<string, unknown> {
  return normalizeFields(e.fields, body, mode === 'patch', true);
}

function normalizeFields(
  fields: Record<string, Field>,
  body: Record<string, unknown>,
  keepNull: boolean,
  top: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((top && IGNORED.has(key)) || key === '__typename') continue;
    // a key such as `constructor` names no field, even though every object answers to it
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field?.readOnly) continue;
    if (value === undefined || value === '') continue;
    if (value === null) {
      if (keepNull) out[key] = null;
      continue;
    }
    const normalized = field ? normalizeValue(field, value, keepNull) : value;
    // a value that says nothing (a point with no coordinate) is an empty value too
    if (normalized === undefined) {
      if (keepNull) out[key] = null;
      continue;
    }
    out[key] = normalized;
  }
  return out;
}

function normalizeValue(field: Field, value: unknown, keepNull: boolean): unknown {
  switch (field.kind) {
    case 'ref':
      return refId(value);
    case 'refs':
      return Array.isArray(value) ? value.map(refId) : value;
    case 'point':
      return toPoint(value);
    case 'object':
      return isPlainObject(value) ? normalizeFields(field.fields, value, keepNull, false) : value;
    case 'list':
      return Array.isArray(value) ? value.map((v) => normalizeValue(field.of, v, keepNull)) : value;
    case 'text':
      return field.canonical && typeof value === 'string' ? field.canonical(value) : value;
    default:
      return value;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function refId(value: unknown): unknown {
  if (isPlainObject(value) && '_id' in value) return value._id;
  return value;
}

const blank = (c: unknown) => c === undefined || c === null || c === '';

/** Accepts a GeoJSON Point, `{ coordinates }`, `{ lat, lon|lng }` or `[lon, lat]`; undefined when it has no
 *  coordinate at all (a form's two empty inputs), so that it is saved as no location. */
export function toPoint(value: unknown): unknown {
  let coordinates: unknown;
  if (Array.isArray(value)) coordinates = value;
  else if (isPlainObject(value)) {
    if ('coordinates' in value) coordinates = value.coordinates;
    else if ('lat' in value) coordinates = [value.lon ?? value.lng, value.lat];
  }
  if (!Array.isArray(coordinates) || coordinates.length !== 2) return value;
  if (coordinates.every(blank)) return undefined;
  // half a point stays a Point, so that the refusal names only the coordinate that is wrong
  if (!coordinates.every((c) => typeof c === 'number' && Number.isFinite(c)))
    return { type: 'Point', coordinates };
  return { type: 'Point', coordinates: coordinates.map((c: number) => roundCoordinate(c)) };
}
