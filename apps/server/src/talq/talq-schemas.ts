import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

// The TALQ 2.7.1 OpenAPI files (schema/README.md) as JSON schemas: the data model's components, and each
// operation's request and answer bodies of the CMS and gateway APIs. OpenAPI 3.0 schemas are a subset of JSON
// schema draft 7 with a few keywords of their own: ajv in draft 7 takes them with `strict: false` (the
// `discriminator`s here name no `oneOf`, so they are descriptions; `x-talq-*` and `example` are ignored) and knows
// `nullable` itself. Unknown properties are allowed by the files (no `additionalProperties: false`), so a
// vendor's attributes pass.

const BASE = 'https://talq.invalid/';
/** the name the API files give the data model (`$ref: ./talq-data-model-2-7-1-online.json#/…`) */
const DM_NAME = 'talq-data-model-2-7-1-online.json';

type Json = Record<string, unknown>;
const load = (file: string) =>
  JSON.parse(readFileSync(new URL(`./schema/${file}`, import.meta.url), 'utf8')) as Json;

/**
 * OpenAPI 3.0's `nullable` beside a `$ref` (AssignCommand's `entity`): ajv takes `nullable` only beside a `type`,
 * so such a schema becomes the referenced one or null.
 */
function nullableTyped(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableTyped);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = nullableTyped(v);
  if (out.nullable !== true || 'type' in out) return out;
  const { nullable: _, ...rest } = out;
  return { anyOf: [rest, { type: 'null' }] };
}

let ajv: Ajv | undefined;
let apis: { cms: Json; gw: Json } | undefined;
const compiled = new Map<string, ValidateFunction | null>();

function setup() {
  if (ajv) return { ajv, apis: apis! };
  ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false, discriminator: false });
  addFormats(ajv);
  // OpenAPI's numeric formats carry no constraint JSON schema knows
  for (const f of ['double', 'float', 'int32', 'int64', 'byte', 'binary', 'password'])
    ajv.addFormat(f, () => true);
  // TALQ's times are local wall-clock `hh:mm:ss` (FixedTimeControl, active periods); ajv-formats' `time` is
  // RFC 3339's full-time, which asks for an offset
  ajv.addFormat('time', /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
  ajv.addSchema({ ...(nullableTyped(load('talq-dm.json')) as Json), $id: BASE + DM_NAME });
  apis = { cms: load('talq-cms.json'), gw: load('talq-gw.json') };
  return { ajv, apis };
}

export type SchemaCheck = { ok: true } | { ok: false; errors: string[] };

const described = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`);

function run(key: string, make: () => Json | undefined, value: unknown): SchemaCheck {
  const { ajv } = setup();
  let v = compiled.get(key);
  if (v === undefined) {
    const schema = make();
    v = schema ? ajv.compile({ ...schema, $id: `${BASE}op-${compiled.size}.json` }) : null;
    compiled.set(key, v);
  }
  if (v === null) return { ok: true };
  return v(value) ? { ok: true } : { ok: false, errors: described(v.errors) };
}

/** A data model component (`Device`, `LampActuatorFunction`, …); unknown names validate nothing. */
export function checkComponent(name: string, value: unknown): SchemaCheck {
  return run(
    `dm:${name}`,
    () => {
      const dm = ajv!.getSchema(BASE + DM_NAME)?.schema as { components: { schemas: Json } };
      return dm.components.schemas[name] ? { $ref: `${DM_NAME}#/components/schemas/${name}` } : undefined;
    },
    value,
  );
}

/** The OpenAPI operation of an API file: `api` cms or gw, its path template and method. */
function operation(api: 'cms' | 'gw', path: string, method: string) {
  const { apis } = setup();
  const paths = apis[api].paths as Record<string, Record<string, Json>>;
  return paths[path]?.[method.toLowerCase()];
}

const jsonSchema = (content: unknown) =>
  (content as { 'application/json'?: { schema?: Json } } | undefined)?.['application/json']?.schema;

/** A request body as the operation declares it (none declared: anything). */
export function checkRequest(api: 'cms' | 'gw', path: string, method: string, body: unknown): SchemaCheck {
  return run(
    `${api}:req:${method}:${path}`,
    () => jsonSchema((operation(api, path, method)?.requestBody as Json | undefined)?.content),
    body,
  );
}

/** An answer body of a status as the operation declares it (none declared: anything). */
export function checkAnswer(
  api: 'cms' | 'gw',
  path: string,
  method: string,
  status: number,
  body: unknown,
): SchemaCheck {
  return run(
    `${api}:res:${method}:${path}:${status}`,
    () => {
      const responses = operation(api, path, method)?.responses as Record<string, Json> | undefined;
      return jsonSchema(responses?.[String(status)]?.content);
    },
    body,
  );
}

/** Whether the API file declares this operation at all. */
export const declares = (api: 'cms' | 'gw', path: string, method: string) =>
  operation(api, path, method) !== undefined;

/**
 * Each function of each device against its own type's schema where the data model has one (`type` is the
 * component's name; a vendor's own type is checked as a plain Function only).
 */
export function checkFunctions(devices: unknown[]): SchemaCheck {
  for (const d of devices) {
    const functions = (d as { functions?: unknown }).functions;
    if (!Array.isArray(functions)) continue;
    for (const f of functions) {
      const type = (f as { type?: unknown }).type;
      if (typeof type !== 'string' || !/Function$/.test(type)) continue;
      const c = checkComponent(type, f);
      if (!c.ok) return { ok: false, errors: c.errors.map((e) => `${type} ${e}`) };
    }
  }
  return { ok: true };
}

/**
 * Each control program against its own type's schema (`ControlProgramOne`): the API files' bodies name only the
 * common part of a program, so its steps would go unchecked.
 */
export function checkPrograms(programs: unknown[]): SchemaCheck {
  for (const p of programs) {
    const type = (p as { type?: unknown }).type;
    if (typeof type !== 'string') continue;
    const c = checkComponent(type, p);
    if (!c.ok) return { ok: false, errors: c.errors.map((e) => `${type} ${e}`) };
  }
  return { ok: true };
}

/**
 * Each entry of a log report against its own kind of log data (`AttributeLogData`, `EventLogData`, …: the report's
 * schema names only their common part), and an attribute's value against its own attribute type.
 */
export function checkLogEntries(report: unknown): SchemaCheck {
  const entries = (report as { entries?: unknown }).entries;
  if (!Array.isArray(entries)) return { ok: true };
  for (const [i, e] of entries.entries()) {
    const data = (e as { data?: { type?: unknown; attributeValue?: { type?: unknown } } }).data;
    if (!data) continue;
    const checks: [string, unknown][] = [[String(data.type), data]];
    if (typeof data.attributeValue?.type === 'string')
      checks.push([data.attributeValue.type, data.attributeValue]);
    for (const [type, value] of checks) {
      const c = checkComponent(type, value);
      if (!c.ok) return { ok: false, errors: c.errors.map((err) => `entries/${i} ${type} ${err}`) };
    }
  }
  return { ok: true };
}

/**
 * A logger configuration's recording and reporting modes each against its own type's schema: the API files give
 * them as a `oneOf` that VendorRecordingMode's few properties let any `{ type }` pass.
 */
export function checkLoggerModes(config: unknown): SchemaCheck {
  const { recordingMode, reportingMode } = (config ?? {}) as Record<string, { type?: unknown } | undefined>;
  for (const mode of [recordingMode, reportingMode]) {
    if (typeof mode?.type !== 'string') continue;
    const c = checkComponent(mode.type, mode);
    if (!c.ok) return { ok: false, errors: c.errors.map((err) => `${String(mode.type)} ${err}`) };
  }
  return { ok: true };
}
