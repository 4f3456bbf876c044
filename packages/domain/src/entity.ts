import type { Field } from './fields.ts';
import type { Area } from './access.ts';
import type { ErrorCode, Language } from './errors.ts';

export type EntityRecord = Record<string, unknown>;

export type EntityDeclaration = {
  /** the name used in routes and by the console (spec §7): `/api/v1/{name}` */
  name: string;
  /** what an operator calls it */
  label: Record<Language, string>;
  /** one of it: a form's or a record's heading ("Create Mounting", "Опора: создание") */
  labelOne: Record<Language, string>;
  /** v2 search path segments, e.g. `lamp-modules`; the lower-cased name is always accepted too */
  aliases?: readonly string[];
  area: Area;
  fields: Record<string, Field>;
  /** the field that carries the owning group; rows are scoped by it */
  groupField?: string;
  /** extra unique keys over several fields (rows not deleted) */
  uniqueTogether?: readonly (readonly string[])[];
  /**
   * unique keys over rows that also match `where` (one open event per device and type, say), or whose boolean
   * field `orFlag` is true (an event solved by hand that still holds its device's place)
   */
  uniqueWhere?: readonly {
    key: readonly string[];
    where: Readonly<Record<string, string>>;
    orFlag?: string;
  }[];
  /** filters a list takes when its query names none of that field (events: the open ones of the spec's types) */
  defaultFilters?: Readonly<Record<string, readonly string[]>>;
  /**
   * list filters beyond its own fields, worked out by the server from what the device is made of or placed on (a
   * mounting's state from its modules, a lamp's street from its mounting); one named as a field replaces that
   * field's filter. Each is offered on the list screen.
   */
  filters?: Readonly<Record<string, Field>>;
  /** rules over the whole record after a create or update is merged */
  check?: (record: EntityRecord) => { code: ErrorCode; fields?: string[] } | undefined;
  /** the field shown as the row's title */
  titleField?: string;
  /** how the list screen orders its rows when the user has not chosen (its first list column, ascending, if unset) */
  listSort?: { field: string; order: 'ASC' | 'DESC' };
  /**
   * a record of what happened to devices (events): it names them but never keeps one from being deleted; its open
   * records close once their device is gone
   */
  history?: boolean;
};

export type Entity = EntityDeclaration & {
  table: string;
  labelKey: string;
  listColumns: string[];
  searchFields: string[];
};

const snake = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

export const snakeCase = snake;
export const kebabCase = (s: string) => snake(s).replace(/_/g, '-');

export function defineEntity(d: EntityDeclaration): Entity {
  const names = Object.keys(d.fields);
  const listColumns = names.filter((n) => d.fields[n]!.list);
  return {
    ...d,
    table: snake(d.name),
    labelKey: `resources.${d.name}.name`,
    listColumns: listColumns.length ? listColumns : names.slice(0, 4),
    searchFields: names.filter((n) => d.fields[n]!.search),
    titleField: d.titleField ?? (names.includes('name') ? 'name' : names.includes('uid') ? 'uid' : names[0]),
  };
}
