import type { ModuleReading } from '@sl/protocol';

/**
 * The module reading columns, once: the current state in `luminary_modules` and the history in `module_readings`
 * hold them under the same names as the protocol's module reading.
 */
const READING_COLUMNS = {
  pwm: 'int',
  pow: 'float8',
  lux: 'float8',
  temp: 'float8',
  energy: 'float8',
  runh: 'float8',
  lpwm: 'int',
  cpwm: 'int',
  rssi: 'int',
  twil: 'int',
  cl_status: 'int',
} as const satisfies Partial<Record<keyof ModuleReading, string>>;
const readingNames = Object.keys(READING_COLUMNS) as (keyof typeof READING_COLUMNS)[];
/** a reading's values, its status code aside */
export const VALUE_COLUMNS = readingNames.filter(
  (c): c is Exclude<typeof c, 'cl_status'> => c !== 'cl_status',
);
/** every column of a written reading, `at` and `mac` first, with its array type for unnest */
const COLUMNS = [
  ['at', 'timestamptz'],
  ['mac', 'text'],
  ...Object.entries(READING_COLUMNS),
] as const satisfies readonly (readonly [string, string])[];
export const COLUMN_NAMES = COLUMNS.map(([c]) => c as keyof ModuleReading);
export const COLUMN_COUNT = COLUMNS.length;
export const NAMES = COLUMN_NAMES.join(', ');
export const UNNEST = `unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')}) as v(${NAMES})`;
export const SET = readingNames.map((c) => `${c} = v.${c}`).join(', ');
/** the current state's columns and, last, the report as the module sent it (spec §3 raw module data) */
export const STATE_UNNEST = `unnest(${[...COLUMNS, ['raw', 'jsonb']].map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')}) as v(${NAMES}, raw)`;
/** a reading as its module sent it, but for what the batch says of all (its MAC and time are columns) */
export const rawOf = ({ mac: _mac, at: _at, ...report }: ModuleReading) => JSON.stringify(report);

/** A chunk of readings as one array per column: sent as parameters, never parsed as JSON by the database. */
export const columnsOf = (rows: ModuleReading[]) =>
  COLUMNS.map(([c]) => rows.map((r) => r[c as keyof ModuleReading] ?? null));
