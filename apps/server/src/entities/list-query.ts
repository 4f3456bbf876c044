import { BROKEN_CODES, isScalar, LIMITS, textLimit, type Entity, type Field } from '@sl/domain';
import { isCalendarDay } from '@sl/domain/astro';
import { ApiError } from '../http/api-error.ts';

// Parses a list/search query string (spec §7): skip, limit, sort, inc, q, deleted, bbox and field filters.
// `field=v` (repeat for any of several), `field_gte=v`, `field_lte=v`; a value inside an object field by its
// path, `breakersOn.A=false`. Unknown parameters are refused.

/**
 * `part`: the object field's own field the filter looks at; `derived`: one of the entity's declared `filters`,
 * worked out by the server (derived-filters.ts), its value always the list of the values asked for
 */
export type Filter = {
  field: string;
  part?: string;
  op: 'eq' | 'in' | 'gte' | 'lte';
  value: unknown;
  derived?: true;
};
export type ListQuery = {
  skip: number;
  limit: number;
  sort: { field: string; desc: boolean }[];
  filters: Filter[];
  q?: string;
  inc?: string[];
  deleted: 'no' | 'also' | 'only';
  bbox?: { field: string; minLon: number; minLat: number; maxLon: number; maxLat: number };
};

export const CONTROL_PARAMS = [
  'skip',
  'limit',
  'sort',
  'order',
  'inc',
  'q',
  'deleted',
  'bbox',
  'type',
  'id',
  'aggregate',
] as const;
const SYSTEM_SORT = ['_id', 'createdAt', 'updatedAt', 'deletedAt'];

type Raw = Record<string, string | string[] | undefined>;

/** `defaults`: the entity's default filters apply (its v2 search, spec §4: events open, of the spec's types). */
export function parseListQuery(e: Entity, raw: Raw, opts: { defaults?: boolean } = {}): ListQuery {
  // PostgreSQL refuses the NUL character in any text it is given: a value holding one can match nothing
  const bad = Object.entries(raw)
    .filter(([, v]) => [v ?? ''].flat().some((x) => x.includes('\u0000')))
    .map(([key]) => key);
  if (bad.length) throw new ApiError('IsInvalidError', bad);
  const one = (key: string): string | undefined => {
    const v = raw[key];
    if (Array.isArray(v)) {
      bad.push(key);
      return undefined;
    }
    return v;
  };
  const int = (key: string, min: number, max: number, fallback: number) => {
    const v = one(key);
    if (v === undefined || v === '') return fallback;
    const n = /^-?\d{1,9}$/.test(v) ? Number(v) : NaN;
    if (!(n >= min && n <= max)) bad.push(key);
    return n;
  };

  const query: ListQuery = {
    skip: int('skip', 0, 1_000_000_000, 0),
    limit: int('limit', 1, LIMITS.unpaged, LIMITS.pageSize),
    sort: [],
    filters: [],
    deleted: 'no',
  };

  const sortable = (f: string) =>
    SYSTEM_SORT.includes(f) || (fieldNamed(e, f) !== undefined && isScalar(fieldNamed(e, f)!));
  const order = one('order')?.toUpperCase();
  if (order !== undefined && order !== 'ASC' && order !== 'DESC') bad.push('order');
  for (const part of (one('sort') ?? '').split(',').filter(Boolean)) {
    const desc = part.startsWith('-') || order === 'DESC';
    const field = part.replace(/^[-+]/, '');
    if (sortable(field)) query.sort.push({ field, desc });
    else bad.push('sort');
  }

  const inc = one('inc');
  if (inc !== undefined) {
    query.inc = inc.split(',').filter(Boolean);
    if (!query.inc.length || query.inc.some((f) => !fieldNamed(e, f) || fieldNamed(e, f)!.writeOnly))
      bad.push('inc');
  }
  const q = one('q');
  if (q !== undefined && q !== '') {
    if (q.length > 200 || !e.searchFields.length) bad.push('q');
    else query.q = q;
  }
  const deleted = one('deleted');
  if (deleted === 'true' || deleted === 'also') query.deleted = 'also';
  else if (deleted === 'only') query.deleted = 'only';
  else if (deleted !== undefined && deleted !== 'false') bad.push('deleted');
  // `type=all` resolves the links; any other value filters an entity's own `type` field (events' types)
  const types = [raw.type ?? []].flat().filter((v) => v !== 'all');
  const typeField = fieldNamed(e, 'type');
  if (types.length && !(typeField && filterable(typeField))) bad.push('type');
  const given = (name: string) =>
    name === 'type' ? types.length > 0 : Object.keys(raw).some((k) => k === name || k.startsWith(`${name}_`));
  const defaults = Object.entries((opts.defaults && e.defaultFilters) || {}).filter(([f]) => !given(f));
  for (const [field, values] of defaults) query.filters.push({ field, op: 'in', value: [...values] });

  const aggregate = one('aggregate');
  if (aggregate !== undefined) {
    const filter = AGGREGATES[aggregate]?.(e);
    if (filter) query.filters.push(filter);
    else bad.push('aggregate');
  }

  const bbox = one('bbox');
  if (bbox !== undefined) {
    const point = Object.keys(e.fields).find((f) => e.fields[f]!.kind === 'point');
    const [minLon, minLat, maxLon, maxLat] = bbox.split(',').map(Number);
    if (!point || [minLon, minLat, maxLon, maxLat].some((n) => n === undefined || !Number.isFinite(n)))
      bad.push('bbox');
    else query.bbox = { field: point, minLon: minLon!, minLat: minLat!, maxLon: maxLon!, maxLat: maxLat! };
  }

  for (const [key, value] of Object.entries(raw)) {
    if (key === 'type' && types.length && typeField) {
      const values = types.map((v) => filterValue(typeField, v));
      if (values.some((v) => v === INVALID)) bad.push(key);
      else query.filters.push({ field: 'type', op: 'in', value: values });
      continue;
    }
    if ((CONTROL_PARAMS as readonly string[]).includes(key) || value === undefined) continue;
    const declared = e.filters && Object.hasOwn(e.filters, key) ? e.filters[key]! : undefined;
    if (declared) {
      const values = [value].flat().map((v) => derivedValue(declared, v));
      if (values.some((v) => v === INVALID) || values.length > LIMITS.filter) bad.push(key);
      else query.filters.push({ field: key, op: 'in', value: values, derived: true });
      continue;
    }
    const range = /^(.+)_(gte|lte)$/.exec(key);
    const path = range ? range[1]! : key;
    const dot = path.indexOf('.');
    const name = dot < 0 ? path : path.slice(0, dot);
    const part = dot < 0 ? undefined : path.slice(dot + 1);
    const field = name === '_id' ? ID_FIELD : partNamed(fieldNamed(e, name), part);
    if (!field || !filterable(field) || (range && !rangeable(field))) {
      bad.push(key);
      continue;
    }
    const values = (Array.isArray(value) ? value : [value]).map((v) => filterValue(field, v));
    if (values.some((v) => v === INVALID) || values.length > LIMITS.filter) {
      bad.push(key);
      continue;
    }
    const where = part === undefined ? { field: name } : { field: name, part };
    if (range) query.filters.push({ ...where, op: range[2] as 'gte' | 'lte', value: values[0] });
    else if (values.length === 1) query.filters.push({ ...where, op: 'eq', value: values[0] });
    else query.filters.push({ ...where, op: 'in', value: values });
  }

  if (bad.length) throw new ApiError('IsInvalidError', [...new Set(bad)]);
  return query;
}

// spec §4, §7: `aggregate=unused` (a module mounted nowhere) and `aggregate=broken` (cl_status 4, 4096, 4097)
const AGGREGATES: Record<string, (e: Entity) => Filter | undefined> = {
  unused: (e) => (e.fields.luminarySupport ? { field: 'luminarySupport', op: 'eq', value: null } : undefined),
  broken: (e) =>
    e.fields.cl_status && isScalar(e.fields.cl_status)
      ? { field: 'cl_status', op: 'in', value: [...BROKEN_CODES] }
      : undefined,
};

/** `type=all` (alone or beside type filters) asks for the links resolved. */
export const wantsLinks = (type: unknown) => [type ?? []].flat().includes('all');

const filterable = (f: Field) => !f.writeOnly && (isScalar(f) || f.kind === 'refs');
const rangeable = (f: Field) => ['int', 'float', 'timestamp', 'day', 'time', 'text'].includes(f.kind);

const INVALID = Symbol('invalid');
const INT32 = 2 ** 31;
/** `_id=1&_id=2`: records by id (react-admin's getMany) */
const ID_FIELD: Field = { kind: 'ref', entity: '' };

/** A query-string value as the column's type; `null` matches an unset field. */
function filterValue(field: Field, v: string): unknown {
  if (v === 'null') return null;
  switch (field.kind) {
    case 'int':
      // the column is a 32-bit integer: a wider value is an error in the database, not a filter matching nothing
      return /^-?\d{1,10}$/.test(v) && Number(v) >= -INT32 && Number(v) < INT32 ? Number(v) : INVALID;
    case 'intEnum':
      return field.values.includes(Number(v)) ? Number(v) : INVALID;
    case 'ref':
    case 'refs':
      return /^[1-9]\d{0,15}$/.test(v) ? Number(v) : INVALID;
    case 'float':
      return v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : INVALID;
    case 'bool':
      return v === 'true' ? true : v === 'false' ? false : INVALID;
    case 'enum':
      return field.values.includes(v) ? v : INVALID;
    case 'timestamp':
      // Date.parse reads 2026-02-30 as 2 March and '7' as 2001, and takes years PostgreSQL cannot hold
      return isCalendarDay(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)) ? new Date(v) : INVALID;
    case 'day':
      return isCalendarDay(v) ? v : INVALID;
    case 'text':
      if (v.length > 500) return INVALID;
      return field.canonical ? field.canonical(v) : v;
    default:
      return v.length <= 500 ? v : INVALID;
  }
}

/** A declared filter's value: never unset (`null`), a text a part of what it looks in. */
function derivedValue(field: Field, v: string): unknown {
  if (field.kind === 'text') return v.trim() !== '' && v.length <= textLimit(field) ? v.trim() : INVALID;
  return v === 'null' ? INVALID : filterValue(field, v);
}

/** The declared field a caller names; never one of Object's own properties (`__proto__`, `constructor`). */
function fieldNamed(e: Entity, name: string): Field | undefined {
  return Object.hasOwn(e.fields, name) ? e.fields[name] : undefined;
}

/** A stored object field's own field (`breakersOn.A`), or the field itself when no part is named. */
function partNamed(field: Field | undefined, part: string | undefined): Field | undefined {
  if (part === undefined) return field;
  if (field?.kind !== 'object' || field.derived || !Object.hasOwn(field.fields, part)) return undefined;
  const inner = field.fields[part]!;
  return ['bool', 'int', 'float', 'text', 'enum'].includes(inner.kind) ? inner : undefined;
}
