import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { ENTITIES, snakeCase, type Entity, type Field } from '@sl/domain';

// Every table is derived from its entity declaration; nothing here names an entity.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTable = PgTableWithColumns<any>;

const live = sql`deleted_at is null`;

/** What the map's search compares and orders a `find` field by (device-search.ts): its index's expression. */
export const findKey = (column: unknown) => sql`(lower(${column}) collate "C")`;

export const pointColumns = (name: string) => ({ lon: `${name}Lon`, lat: `${name}Lat` });

function columnsFor(name: string, field: Field): Record<string, PgColumnBuilderBase> {
  const col = snakeCase(name);
  switch (field.kind) {
    case 'text':
    case 'enum':
    case 'time':
    case 'password':
      return { [name]: text(col) };
    case 'int':
    case 'intEnum':
      return { [name]: integer(col) };
    case 'float':
      return { [name]: doublePrecision(col) };
    case 'bool':
      return { [name]: boolean(col) };
    case 'timestamp':
      return { [name]: timestamp(col, { withTimezone: true, mode: 'date' }) };
    case 'day':
      return { [name]: date(col, { mode: 'string' }) };
    case 'ref':
      return { [name]: bigint(col, { mode: 'number' }) };
    case 'refs':
      return { [name]: bigint(col, { mode: 'number' }).array() };
    case 'point': {
      const p = pointColumns(name);
      return { [p.lon]: doublePrecision(`${col}_lon`), [p.lat]: doublePrecision(`${col}_lat`) };
    }
    case 'object':
    case 'list':
    case 'json':
      return { [name]: jsonb(col) };
  }
}

function buildTable(e: Entity): AnyTable {
  const columns: Record<string, PgColumnBuilderBase> = {
    _id: bigint('_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  };
  for (const [name, field] of Object.entries(e.fields)) {
    if (field.derived) continue;
    const cols = columnsFor(name, field);
    if (field.required === true && field.kind !== 'point' && field.kind !== 'password') {
      for (const key of Object.keys(cols)) cols[key] = (cols[key] as ReturnType<typeof text>).notNull();
    }
    Object.assign(columns, cols);
  }
  Object.assign(columns, {
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  });
  return pgTable(e.table, columns, (t) => {
    const extra = [];
    for (const [name, field] of Object.entries(e.fields)) {
      const idx = `${e.table}_${snakeCase(name)}`;
      if (field.unique) extra.push(uniqueIndex(`${idx}_unique`).on(t[name]!).where(live));
      // a JSON value's index answers containment (`sockets @> '[{"luminaryModule": 7}]'`), one lookup per value
      else if (field.index && (field.kind === 'list' || field.kind === 'object' || field.kind === 'json'))
        extra.push(index(`${idx}_gin`).using('gin', sql`${t[name]!} jsonb_path_ops`));
      else if (field.kind === 'ref' || field.index) extra.push(index(`${idx}_idx`).on(t[name]!));
      // in byte order ("C"): a prefix is a range of it, and the walk in its order stops at the limit
      if (field.find) {
        extra.push(index(`${idx}_find`).on(findKey(t[name]!)).where(live));
        // trigrams (pg_trgm): a part inside a word, `like '%typed%'`, without reading every row
        extra.push(
          index(`${idx}_find_trgm`)
            .using('gin', sql`${findKey(t[name]!)} gin_trgm_ops`)
            .where(live),
        );
      }
      if (field.kind === 'point') {
        const p = pointColumns(name);
        extra.push(index(`${idx}_idx`).on(t[p.lat]!, t[p.lon]!));
      }
    }
    for (const key of e.uniqueTogether ?? []) {
      const name = `${e.table}_${key.map(snakeCase).join('_')}_unique`;
      extra.push(
        uniqueIndex(name)
          .on(...(key.map((k) => t[k]) as [never, ...never[]]))
          .where(live),
      );
    }
    for (const { key, where, orFlag } of e.uniqueWhere ?? []) {
      const named = [...Object.keys(where), ...(orFlag ? [orFlag] : [])].map(snakeCase).join('_');
      const name = `${e.table}_${key.map(snakeCase).join('_')}_while_${named}`;
      const conditions = Object.entries(where).map(
        ([f, v]) => sql`${sql.identifier(snakeCase(f))} = ${sql.raw(`'${v.replace(/'/g, "''")}'`)}`,
      );
      const matching = sql.join(conditions, sql` and `);
      extra.push(
        uniqueIndex(name)
          .on(...(key.map((k) => t[k]) as [never, ...never[]]))
          .where(
            orFlag
              ? sql`${live} and (${matching} or ${sql.identifier(snakeCase(orFlag))})`
              : sql.join([live, ...conditions], sql` and `),
          ),
      );
    }
    return extra;
  }) as AnyTable;
}

export const tables: Record<string, AnyTable> = Object.fromEntries(
  ENTITIES.map((e) => [e.name, buildTable(e)]),
);

export function tableOf(e: Entity): AnyTable {
  return tables[e.name]!;
}
