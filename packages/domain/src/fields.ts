// The field vocabulary every entity declaration is written in. Storage, validation, API shape,
// OpenAPI and screens are all derived from these descriptors.

import type { ValueRule } from './units.ts';

export type FieldCommon = {
  /**
   * every save must carry a value; `'onSave'`: so too, but a row stored before the rule may lack one (its column
   * stays nullable, and a change that leaves the field alone is taken)
   */
  required?: boolean | 'onSave';
  unique?: boolean;
  /** text search (`q`) looks in this field */
  search?: boolean;
  /** the map's search finds a device by the start of this text (an index on its lower case keeps it fast) */
  find?: boolean;
  /** shown as a default list column */
  list?: boolean;
  /** offered as a filter on the list screen (every stored field can be filtered through the API) */
  filter?: boolean;
  /** kept by the server, never accepted from a client (device state, derived values) */
  readOnly?: boolean;
  /** accepted from a client, never sent back */
  writeOnly?: boolean;
  /** a device's raw data (spec §3): sent only to a role with its area's viewRawData right (spec §6) */
  rawData?: boolean;
  default?: unknown;
  /** an index beyond the ones refs and unique fields get (on a list, object or JSON value: its containment) */
  index?: boolean;
  /** computed by the server when read, never stored (implies readOnly); not sorted or filtered on */
  derived?: boolean;
  /** how the value is shown: its unit and divisor, or a rule of spec §4/§9 (units.ts) */
  show?: ValueRule;
};

export type TextField = FieldCommon & {
  kind: 'text';
  max?: number;
  pattern?: RegExp;
  /** the one stored form of a value written in any of its accepted forms; filters compare in it too */
  canonical?: (v: string) => string;
};
export type IntField = FieldCommon & { kind: 'int'; min?: number; max?: number };
export type FloatField = FieldCommon & { kind: 'float'; min?: number; max?: number };
export type BoolField = FieldCommon & { kind: 'bool' };
export type EnumField = FieldCommon & { kind: 'enum'; values: readonly string[] };
export type IntEnumField = FieldCommon & { kind: 'intEnum'; values: readonly number[] };
export type TimestampField = FieldCommon & { kind: 'timestamp' };
/** calendar day, YYYY-MM-DD */
export type DayField = FieldCommon & { kind: 'day' };
/** time of day, HH:MM (24 h) */
export type TimeField = FieldCommon & { kind: 'time' };
export type RefField = FieldCommon & { kind: 'ref'; entity: string };
export type RefsField = FieldCommon & { kind: 'refs'; entity: string };
/** GeoJSON Point, stored as two columns */
export type PointField = FieldCommon & { kind: 'point' };
export type ObjectField = FieldCommon & { kind: 'object'; fields: Record<string, Field> };
export type ListField = FieldCommon & { kind: 'list'; of: Field; min?: number; max?: number };
export type PasswordField = FieldCommon & { kind: 'password' };
/** any JSON object; only for raw device payloads */
export type JsonField = FieldCommon & { kind: 'json' };

export type Field =
  | TextField
  | IntField
  | FloatField
  | BoolField
  | EnumField
  | IntEnumField
  | TimestampField
  | DayField
  | TimeField
  | RefField
  | RefsField
  | PointField
  | ObjectField
  | ListField
  | PasswordField
  | JsonField;

type Opts<F> = Omit<F, 'kind'>;

/** The most characters a text field holds when its declaration names no other limit. */
export const TEXT_MAX = 500;
/** The most characters a text value may have: the server refuses more, the form says so before sending. */
export const textLimit = (f: TextField) => f.max ?? TEXT_MAX;
export const text = (o: Opts<TextField> = {}): TextField => ({ max: TEXT_MAX, ...o, kind: 'text' });
export const int = (o: Opts<IntField> = {}): IntField => ({ ...o, kind: 'int' });
export const float = (o: Opts<FloatField> = {}): FloatField => ({ ...o, kind: 'float' });
export const bool = (o: Opts<BoolField> = {}): BoolField => ({ ...o, kind: 'bool' });
export const oneOf = (values: readonly string[], o: Opts<Omit<EnumField, 'values'>> = {}): EnumField => ({
  ...o,
  values,
  kind: 'enum',
});
export const oneOfInt = (
  values: readonly number[],
  o: Opts<Omit<IntEnumField, 'values'>> = {},
): IntEnumField => ({ ...o, values, kind: 'intEnum' });
export const timestamp = (o: Opts<TimestampField> = {}): TimestampField => ({ ...o, kind: 'timestamp' });
export const day = (o: Opts<DayField> = {}): DayField => ({ ...o, kind: 'day' });
export const time = (o: Opts<TimeField> = {}): TimeField => ({ ...o, kind: 'time' });
export const ref = (entity: string, o: Opts<Omit<RefField, 'entity'>> = {}): RefField => ({
  ...o,
  entity,
  kind: 'ref',
});
export const refs = (entity: string, o: Opts<Omit<RefsField, 'entity'>> = {}): RefsField => ({
  ...o,
  entity,
  kind: 'refs',
});
export const point = (o: Opts<PointField> = {}): PointField => ({ ...o, kind: 'point' });
export const object = (
  fields: Record<string, Field>,
  o: Opts<Omit<ObjectField, 'fields'>> = {},
): ObjectField => ({
  ...o,
  fields,
  kind: 'object',
});
export const list = (of: Field, o: Opts<Omit<ListField, 'of'>> = {}): ListField => ({
  ...o,
  of,
  kind: 'list',
});
export const password = (o: Opts<PasswordField> = {}): PasswordField => ({
  ...o,
  writeOnly: true,
  kind: 'password',
});
export const json = (o: Opts<JsonField> = {}): JsonField => ({ ...o, kind: 'json' });

/** Fields that a row stores in a column of its own and can filter and sort on. */
export const isScalar = (f: Field): boolean =>
  !f.derived && !['object', 'list', 'json', 'point', 'refs', 'password'].includes(f.kind);
