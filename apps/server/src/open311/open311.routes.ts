import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OPEN311_POLE_ATTRIBUTE, OPEN311_SERVICE_CODES, OPEN311_SERVICES, type Language } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import type { Clock } from '../lighting/program-service.ts';
import { requestLanguage } from '../http/api-error.ts';
import type { OrderingQueue } from '../maintenance/event-orders.ts';
import type { Open311Keys } from './open311-keys.ts';
import { matchSupport } from './open311-matching.ts';
import { orderForReport } from './open311-orders.ts';
import { Open311Error } from './open311-error.ts';
import {
  formatOf,
  OPEN311_FORMATS,
  sendOpen311,
  type Open311Format,
  type Open311Root,
} from './open311-format.ts';
import { jurisdictionOf } from './open311-jurisdiction.ts';

// Open311 GeoReport v2 (http://wiki.open311.org/GeoReport_v2), in XML (the standard's required format) and JSON:
// service discovery, the service list and definitions, POST a request with an application's api_key, GET requests
// and GET a request; a jurisdiction is a group with an application (open311-jurisdiction.ts). Errors are the
// standard's `errors` list of `{ code, description }`. Not implemented: tokens (every service is realtime).

export const OPEN311_PREFIX = '/open311/v2';
const DAY = 86_400_000;
const CHANGESET = '2026-11-30T00:00:00Z';
const SPAN_DAYS = 90;
const LIMIT = 1000;

const w3 = (d: unknown) => (d == null ? null : new Date(d as string).toISOString().replace(/\.\d{3}Z$/, 'Z'));
const serviceOf = (code: string) => OPEN311_SERVICES.find((s) => s.code === code);

const number = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, `${name} must be a number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);
const optionalText = (max: number) => z.string().trim().max(max).optional();

const POSTED = z.object({
  api_key: z.string().optional(),
  jurisdiction_id: z.string().optional(),
  service_code: z
    .string({ error: 'service_code was not provided' })
    .trim()
    .min(1, 'service_code was not provided'),
  lat: number('lat', -90, 90).optional(),
  long: number('long', -180, 180).optional(),
  address_string: optionalText(500),
  address_id: optionalText(200),
  email: optionalText(200),
  device_id: optionalText(200),
  account_id: optionalText(200),
  first_name: optionalText(200),
  last_name: optionalText(200),
  phone: optionalText(64),
  description: optionalText(4000),
  media_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  [`attribute[${OPEN311_POLE_ATTRIBUTE}]`]: optionalText(64),
});

const JURISDICTION = z.object({ jurisdiction_id: z.string().trim().optional() });

const QUERY = JURISDICTION.extend({
  service_request_id: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'service_request_id must be numbers, comma delimited')
    .optional(),
  service_code: z.string().optional(),
  start_date: z.iso.datetime({ offset: true, error: 'start_date must be a w3 date and time' }).optional(),
  end_date: z.iso.datetime({ offset: true, error: 'end_date must be a w3 date and time' }).optional(),
  status: z
    .string()
    .regex(/^(open|closed)(,(open|closed))*$/, 'status must be open or closed')
    .optional(),
});

/** What was sent, in the standard's terms: an empty parameter is one not sent ("Optional Arguments"). */
function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const given = Object.fromEntries(
    Object.entries((input ?? {}) as Record<string, unknown>).filter(([, v]) => v !== '' && v != null),
  );
  const parsed = schema.safeParse(given);
  if (!parsed.success) throw new Open311Error(400, parsed.error.issues[0]?.message ?? 'invalid request');
  return parsed.data;
}

type Row = Record<string, unknown>;

const requestOut = (r: Row, lang: Language) => ({
  service_request_id: Number(r._id),
  status: r.status,
  status_notes: r.status_notes ?? null,
  service_name: serviceOf(String(r.service_code))?.name[lang] ?? r.service_code,
  service_code: r.service_code,
  description: r.description ?? null,
  agency_responsible: null,
  service_notice: null,
  requested_datetime: w3(r.created_at),
  updated_datetime: w3(r.updated_at),
  expected_datetime: w3(r.due_date),
  address: r.address ?? null,
  address_id: null,
  zipcode: null,
  lat: r.location_lat == null ? null : Number(r.location_lat),
  long: r.location_lon == null ? null : Number(r.location_lon),
  media_url: r.media_url ?? null,
});

const SELECT = `select r.*, w.due_date from service_requests r left join work_orders w on w._id = r.work_order
  where r.deleted_at is null and r."group" is not distinct from $1`;

export type Open311Deps = {
  raw: Raw;
  service: EntityService;
  keys: Open311Keys;
  queue: OrderingQueue;
  clock: Clock;
  /** a table written past the entity service: its kept pages are read anew */
  written: (table: string) => void;
};

export async function registerOpen311Routes(app: FastifyInstance, deps: Open311Deps) {
  await app.register(
    async (api) => {
      api.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      api.setErrorHandler(async (err: Error & { statusCode?: number }, req, reply) => {
        const fail = (status: number, description: string) =>
          sendOpen311(reply, formatOf(req.url) ?? 'json', 'errors', [{ code: status, description }], status);
        if (err instanceof Open311Error) return fail(err.status, err.description);
        const status = err.statusCode ?? 500;
        if (status === 429) return fail(429, 'too many requests: try again in a minute');
        if (status >= 400 && status < 500) return fail(400, err.message);
        req.log.error({ err }, 'Open311 request failed');
        return fail(400, 'general service error: the request could not be processed');
      });
      api.setNotFoundHandler(async (req, reply) =>
        sendOpen311(
          reply,
          formatOf(req.url) ?? 'json',
          'errors',
          [{ code: 404, description: 'no such resource (.xml and .json are served)' }],
          404,
        ),
      );
      routes(api, deps);
    },
    { prefix: OPEN311_PREFIX },
  );
}

const config = { access: 'public' as const };

type Answer = { root: Open311Root; body: unknown; status?: number };
type Handler = (req: FastifyRequest, format: Open311Format) => Promise<Answer>;

/** One resource in every format: `/services` is served as `/services.xml` and `/services.json`. */
function resource(
  api: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  handler: Handler,
  extra: Record<string, unknown> = {},
) {
  for (const format of OPEN311_FORMATS)
    api.route({
      method,
      url: `${path}.${format}`,
      config: { ...config, ...extra },
      handler: async (req, reply) => {
        const { root, body, status } = await handler(req, format);
        return sendOpen311(reply, format, root, body, status);
      },
    });
}

function routes(api: FastifyInstance, deps: Open311Deps) {
  const { raw } = deps;
  const jurisdiction = (req: FastifyRequest) =>
    jurisdictionOf(raw, parse(JURISDICTION, req.query).jurisdiction_id);

  resource(api, 'GET', '/discovery', async (req) => ({
    root: 'discovery',
    body: {
      changeset: CHANGESET,
      contact: 'The street lighting department of the city',
      key_service: 'Ask the city for an api_key: it is issued in its street-lighting console.',
      endpoints: [
        {
          specification: 'http://wiki.open311.org/GeoReport_v2',
          url: `${req.protocol}://${req.host}${OPEN311_PREFIX}`,
          changeset: CHANGESET,
          type: 'production',
          formats: ['text/xml', 'application/json'],
        },
      ],
    },
  }));

  resource(api, 'GET', '/services', async (req) => {
    await jurisdiction(req);
    const lang = requestLanguage(req);
    return {
      root: 'services',
      body: OPEN311_SERVICES.map((s) => ({
        service_code: s.code,
        service_name: s.name[lang],
        description: s.description[lang],
        metadata: true,
        type: 'realtime',
        keywords: s.keywords,
        group: 'street lighting',
      })),
    };
  });

  resource(api, 'GET', '/services/:code', async (req) => {
    await jurisdiction(req);
    const { code } = req.params as { code: string };
    if (!serviceOf(code)) throw new Open311Error(404, 'service_code was not found');
    return {
      root: 'service_definition',
      body: {
        service_code: code,
        attributes: [
          {
            variable: true,
            code: OPEN311_POLE_ATTRIBUTE,
            datatype: 'string',
            required: false,
            datatype_description: 'The number written on the pole, if you can read it.',
            order: 1,
            description: 'Pole number',
          },
        ],
      },
    };
  });

  resource(
    api,
    'POST',
    '/requests',
    async (req) => ({ root: 'service_requests', status: 201, body: await postRequest(deps, req) }),
    { rateLimit: { max: 60, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: keyOrAddress } },
  );

  resource(api, 'GET', '/requests', async (req) => {
    const q = parse(QUERY, req.query);
    const group = await jurisdictionOf(raw, q.jurisdiction_id);
    const lang = requestLanguage(req);
    if (q.service_request_id) {
      const ids = q.service_request_id.split(',').map(Number);
      const { rows } = await raw.query(`${SELECT} and r._id = any($2::bigint[]) order by r._id`, [
        group,
        ids,
      ]);
      return { root: 'service_requests', body: rows.map((r) => requestOut(r, lang)) };
    }
    const end = q.end_date ? new Date(q.end_date) : deps.clock.now();
    const start = q.start_date ? new Date(q.start_date) : new Date(end.getTime() - SPAN_DAYS * DAY);
    if (end.getTime() - start.getTime() > SPAN_DAYS * DAY)
      throw new Open311Error(400, `start_date and end_date may not span more than ${SPAN_DAYS} days`);
    const codes = q.service_code?.split(',').map((c) => c.trim());
    if (codes?.some((c) => !OPEN311_SERVICE_CODES.includes(c as never)))
      throw new Open311Error(404, 'service_code was not found');
    const { rows } = await raw.query(
      `${SELECT} and r.created_at between $2 and $3 and ($4::text[] is null or r.service_code = any($4))
        and ($5::text[] is null or r.status = any($5)) order by r.created_at desc, r._id desc limit ${LIMIT}`,
      [group, start.toISOString(), end.toISOString(), codes ?? null, q.status?.split(',') ?? null],
    );
    return { root: 'service_requests', body: rows.map((r) => requestOut(r, lang)) };
  });

  resource(api, 'GET', '/requests/:id', async (req) => {
    const group = await jurisdiction(req);
    const { id } = req.params as { id: string };
    if (!/^\d{1,15}$/.test(id)) throw new Open311Error(404, 'service_request_id was not found');
    const { rows } = await raw.query(`${SELECT} and r._id = $2`, [group, Number(id)]);
    if (!rows[0]) throw new Open311Error(404, 'service_request_id was not found');
    return { root: 'service_requests', body: [requestOut(rows[0], requestLanguage(req))] };
  });
}

/** A citizen's report: matched to a mounting, joined to an open report of the same light, or kept and ordered. */
async function postRequest(deps: Open311Deps, req: FastifyRequest) {
  const { raw } = deps;
  const body = parse(POSTED, req.body);
  const client = await deps.keys.clientOf(body.api_key);
  if (!client) throw new Open311Error(403, "Invalid api_key received -- can't proceed with create_request.");
  // the key names its application's group; a jurisdiction_id sent beside it must be that one
  if (body.jurisdiction_id !== undefined && body.jurisdiction_id !== String(client.group))
    throw new Open311Error(403, 'the api_key was not issued for this jurisdiction_id');
  if (!serviceOf(body.service_code)) throw new Open311Error(404, 'service_code was not found');
  const located = body.lat !== undefined && body.long !== undefined;
  if ((body.lat === undefined) !== (body.long === undefined))
    throw new Open311Error(400, 'lat and long must be sent together');
  if (!located && !body.address_string && !body.address_id)
    throw new Open311Error(400, 'a location was not provided: lat and long, or address_string');
  const poleId = body[`attribute[${OPEN311_POLE_ATTRIBUTE}]`];
  const support = await matchSupport(raw, client.group, { poleId, lat: body.lat, lon: body.long });
  // a light already reported and not yet mended: this report is the same one
  if (support !== null) {
    const { rows } = await raw.query(
      `select _id from service_requests where deleted_at is null and status = 'open' and support = $1
      order by _id limit 1`,
      [support],
    );
    if (rows[0])
      return [
        {
          service_request_id: Number(rows[0]._id),
          service_notice: 'This light was already reported; your report joins that one.',
          account_id: null,
        },
      ];
  }
  const { rows } = await raw.query(
    `insert into service_requests (service_code, status, description, address, location_lat, location_lon,
      pole_id, support, client, media_url, email, first_name, last_name, phone, "group")
    values ($1, 'open', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning _id`,
    [
      body.service_code,
      body.description ?? null,
      body.address_string ?? null,
      body.lat ?? null,
      body.long ?? null,
      poleId ?? null,
      support,
      client.id,
      body.media_url ?? null,
      body.email ?? null,
      body.first_name ?? null,
      body.last_name ?? null,
      body.phone ?? null,
      client.group,
    ],
  );
  const id = Number(rows[0]!._id);
  if (support !== null)
    await orderForReport(raw, deps.service, deps.queue, deps.clock, {
      id,
      support,
      serviceCode: body.service_code,
      group: client.group,
      description: body.description,
    }).catch(async (err: unknown) => {
      // a report answered with an error is not kept: the application may send it again
      await raw.query(`delete from service_requests where _id = $1`, [id]);
      throw err;
    });
  deps.written('service_requests');
  return [
    {
      service_request_id: id,
      service_notice:
        support === null
          ? 'Received; the street lighting team will place it on the map.'
          : 'Received; a repair crew will be sent.',
      account_id: null,
    },
  ];
}

/** Reports are counted per application key, else per address. */
function keyOrAddress(req: FastifyRequest): string {
  const body = req.body as { api_key?: unknown } | undefined;
  return typeof body?.api_key === 'string' ? `key:${body.api_key.slice(0, 64)}` : `ip:${req.ip}`;
}
