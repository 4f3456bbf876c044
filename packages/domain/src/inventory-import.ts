import type { Entity } from './entity.ts';
import { entity } from './registry.ts';

/** The entities an inventory file can bring in, in the order their links resolve (a post before its lamps). */
export const IMPORTABLE = [
  'LuminarySupports',
  'Luminaries',
  'LuminaryModules',
  'Controllers',
  'Meters',
  'Cabinets',
] as const;
export type Importable = (typeof IMPORTABLE)[number];
export type SourceFormat = 'csv' | 'geojson';

const FILLABLE_KINDS = new Set(['text', 'int', 'intEnum', 'float', 'bool', 'enum', 'day', 'ref']);

/**
 * The fields a file can fill: writable scalars and references (the group is the importer's); a CSV also gives the
 * location's two coordinates, `location.lon` and `location.lat`.
 */
export function importTargets(name: Importable, format: SourceFormat): string[] {
  const e: Entity = entity(name);
  const fields = Object.entries(e.fields)
    .filter(([n, f]) => !f.readOnly && !f.writeOnly && FILLABLE_KINDS.has(f.kind) && n !== 'group')
    .map(([n]) => n);
  return format === 'csv' && e.fields.location ? [...fields, 'location.lon', 'location.lat'] : fields;
}
