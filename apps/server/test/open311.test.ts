import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Answer, type Client, type TestServer } from './harness.ts';

// Open311 GeoReport v2 conformance (issue 32): the service list and definition, a request by position and by
// pole number, a duplicate merged, the status following the work order, a wrong key refused, bad input answered
// in the standard's error form, each in XML (the standard's required format) as in JSON, and one city's reports kept
// from another's by jurisdiction_id. Every JSON answer is checked against the schema restated from the standard's
// tables, and every XML answer against the JSON one.

const schema = JSON.parse(
  readFileSync(new URL('../src/open311/schema/georeport-v2.schema.json', import.meta.url), 'utf8'),
);
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(schema);
const conforms = (def: string, answer: Answer) => {
  const validate = ajv.getSchema(`${schema.$id}#/$defs/${def}`)!;
  expect(
    validate(answer.body),
    `${def}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(answer.body)}`,
  ).toBe(true);
  return answer.body;
};

let s: TestServer;
let dispatcher: Client;
let key: string;
const poles: Record<string, number> = {};
// Cambridge, MA: two poles 200 m apart on Main St
const AT = { lat: 42.3736, lon: -71.1097 };
const METRE = 1 / 111_320;

type Row = Record<string, unknown>;

const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
const report = (fields: Record<string, string | number>) =>
  s.anonymous().raw('POST', '/open311/v2/requests.json', form(fields), {
    'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
  });
const get = (path: string) => s.anonymous().call('GET', `/open311/v2${path}`);
const requestNo = async (id: unknown) => conforms('requests', await get(`/requests/${id}.json`))[0] as Row;

beforeAll(async () => {
  s = await startServer();
  dispatcher = await s.adminOfNewGroup('Open311 city');
  for (const [uid, north] of [
    ['SL-1001', 0],
    ['SL-1002', 200],
  ] as const) {
    const res = await dispatcher.call('POST', '/api/v1/LuminarySupports', {
      uid,
      street: 'Main St',
      location: { type: 'Point', coordinates: [AT.lon, AT.lat + north * METRE] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    poles[uid] = res.body._id;
  }
  await s.call('POST', '/api/v1/FaultKinds', {
    name: 'Dark lamp',
    eventType: 'LAMP_OUT_AT_NIGHT',
    hoursMedium: 72,
  });
  const client = (await dispatcher.call('POST', '/api/v1/Open311Clients', { name: 'FixMyStreet' })).body;
  const issued = await dispatcher.call('POST', `/api/v2/open311/clients/${client._id}/key`);
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  key = issued.body.result.key;
}, 120_000);

afterAll(() => s?.close());

describe(`Open311 GeoReport v2 on ${backend}`, () => {
  it('lists its services and defines their one attribute, the pole number', async () => {
    const services = conforms('services', await get('/services.json')) as Row[];
    expect(services.map((x) => x.service_code)).toEqual([
      'streetlight_out',
      'streetlight_day_burning',
      'streetlight_damaged',
    ]);
    const definition = conforms('serviceDefinition', await get('/services/streetlight_out.json'));
    expect(definition.attributes[0]).toMatchObject({ code: 'pole_id', datatype: 'string', required: false });
    conforms('discovery', await get('/discovery.json'));
    const unknown = await get('/services/potholes.json');
    expect(unknown.status).toBe(404);
    conforms('errors', unknown);
  });

  let near: number;
  it('takes a report by position, matches the mounting within 30 m and sends a crew (a work order)', async () => {
    const made = await report({
      api_key: key,
      service_code: 'streetlight_out',
      lat: AT.lat + 10 * METRE,
      long: AT.lon,
      description: 'Dark since Tuesday',
      email: 'resident@example.org',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    near = conforms('postResponse', made)[0].service_request_id;
    const stored = (await dispatcher.call('GET', `/api/v1/ServiceRequests/${near}`)).body as Row;
    expect(stored).toMatchObject({
      support: poles['SL-1001'],
      status: 'open',
      email: 'resident@example.org',
    });
    const order = (await dispatcher.call('GET', `/api/v1/WorkOrders/${stored.workOrder}`)).body as Row;
    expect(order).toMatchObject({
      status: 'NEW',
      supports: [poles['SL-1001']],
      eventType: 'LAMP_OUT_AT_NIGHT',
    });
    const seen = await requestNo(near);
    expect(seen).toMatchObject({
      status: 'open',
      service_code: 'streetlight_out',
      description: 'Dark since Tuesday',
    });
    // when its order is due, to the second; and none of the reporter's own details
    expect(Math.floor(Date.parse(order.dueDate as string) / 1000)).toBe(
      Date.parse(seen.expected_datetime as string) / 1000,
    );
    expect(JSON.stringify(seen)).not.toContain('resident@example.org');
  });

  it('merges a second report of the same light, and matches a report by its pole number', async () => {
    const again = await report({
      api_key: key,
      service_code: 'streetlight_out',
      lat: AT.lat - 5 * METRE,
      long: AT.lon,
    });
    expect(conforms('postResponse', again)[0].service_request_id).toBe(near);
    const byPole = await report({
      api_key: key,
      service_code: 'streetlight_day_burning',
      address_string: 'Main St near the school',
      'attribute[pole_id]': 'sl-1002',
    });
    const id = conforms('postResponse', byPole)[0].service_request_id;
    expect(id).not.toBe(near);
    expect((await dispatcher.call('GET', `/api/v1/ServiceRequests/${id}`)).body.support).toBe(
      poles['SL-1002'],
    );
  });

  it('keeps a report it cannot place in triage until a dispatcher names its mounting', async () => {
    const far = await report({
      api_key: key,
      service_code: 'streetlight_damaged',
      lat: AT.lat + 0.01,
      long: AT.lon,
    });
    const id = conforms('postResponse', far)[0].service_request_id;
    const waiting = (await dispatcher.call('GET', `/api/v1/ServiceRequests?support=null&status=open`)).body
      .data as Row[];
    expect(waiting.map((r) => r._id)).toContain(id);
    const placed = await dispatcher.call('PATCH', `/api/v1/ServiceRequests/${id}`, {
      support: poles['SL-1002'],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const stored = (await dispatcher.call('GET', `/api/v1/ServiceRequests/${id}`)).body as Row;
    expect(stored.workOrder).toBeTruthy();
  });

  it('closes the report with its public note once the order is verified', async () => {
    const stored = (await dispatcher.call('GET', `/api/v1/ServiceRequests/${near}`)).body as Row;
    const crew = (await dispatcher.call('POST', '/api/v1/Crews', { name: 'Lights crew' })).body._id;
    for (const step of [{ crew }, { status: 'IN_PROGRESS' }, { status: 'DONE' }, { status: 'VERIFIED' }]) {
      const moved = await dispatcher.call('PATCH', `/api/v1/WorkOrders/${stored.workOrder}`, step);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const closed = await requestNo(near);
    expect(closed).toMatchObject({ status: 'closed' });
    expect(closed.status_notes).toMatch(/Repaired/);
    const list = conforms('requests', await get('/requests.json?status=closed')) as Row[];
    expect(list.map((r) => r.service_request_id)).toEqual([near]);
    const some = conforms('requests', await get(`/requests.json?service_request_id=${near},999999`)) as Row[];
    expect(some).toHaveLength(1);
  });

  it('refuses a wrong key and answers bad input in the standard error form, storing nothing', async () => {
    const refused: [Record<string, string | number>, number][] = [
      [{ api_key: 'not-a-key', service_code: 'streetlight_out', lat: AT.lat, long: AT.lon }, 403],
      [{ service_code: 'streetlight_out', lat: AT.lat, long: AT.lon }, 403],
      [{ api_key: key, lat: AT.lat, long: AT.lon }, 400],
      [{ api_key: key, service_code: 'potholes', lat: AT.lat, long: AT.lon }, 404],
      [{ api_key: key, service_code: 'streetlight_out', lat: AT.lat }, 400],
      [{ api_key: key, service_code: 'streetlight_out', lat: 'north', long: AT.lon }, 400],
      [{ api_key: key, service_code: 'streetlight_out', lat: 95, long: AT.lon }, 400],
      [{ api_key: key, service_code: 'streetlight_out' }, 400],
      [
        { api_key: key, service_code: 'streetlight_out', address_string: 'x', description: 'd'.repeat(4001) },
        400,
      ],
      [
        {
          api_key: key,
          service_code: 'streetlight_out',
          address_string: 'x',
          media_url: 'javascript:alert(1)',
        },
        400,
      ],
    ];
    const before = (await dispatcher.call('GET', '/api/v1/ServiceRequests')).body.total;
    for (const [fields, status] of refused) {
      const answer = await report(fields);
      expect(answer.status, JSON.stringify([fields, answer.body])).toBe(status);
      expect(conforms('errors', answer)[0].code).toBe(status);
    }
    for (const [path, status] of [
      ['/requests.json?start_date=2026-01-01T00:00:00Z&end_date=2026-06-01T00:00:00Z', 400],
      ['/requests.json?status=pending', 400],
      ['/requests.json?service_code=potholes', 404],
      ['/requests/abc.json', 404],
      ['/requests/99999999.json', 404],
      ['/services.csv', 404],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(status);
      conforms('errors', answer);
    }
    expect((await dispatcher.call('GET', '/api/v1/ServiceRequests')).body.total).toBe(before);
  });

  it('issues keys in the console only to who may: the demo user and another group cannot', async () => {
    const client = (await dispatcher.call('GET', '/api/v1/Open311Clients')).body.data[0]._id;
    const demo = await s.demo();
    expect((await demo.call('POST', `/api/v2/open311/clients/${client}/key`)).status).toBe(403);
    const other = await s.adminOfNewGroup('Elsewhere 311');
    expect((await other.call('POST', `/api/v2/open311/clients/${client}/key`)).status).toBe(404);
    // the key still works: neither call replaced it
    const ok = await report({ api_key: key, service_code: 'streetlight_damaged', address_string: 'Main St' });
    expect(ok.status).toBe(201);
  });

  it("answers in XML what it answers in JSON, errors too, with the standard's elements", async () => {
    const id = (await report({ api_key: key, service_code: 'streetlight_out', lat: AT.lat, long: AT.lon }))
      .body[0].service_request_id;
    for (const [path, root] of [
      ['/discovery', 'discovery'],
      ['/services', 'services'],
      ['/services/streetlight_out', 'service_definition'],
      ['/requests', 'service_requests'],
      [`/requests/${id}`, 'service_requests'],
      ['/requests?status=pending', 'errors'],
      ['/services/potholes', 'errors'],
    ] as const) {
      const [xml, json] = await Promise.all([
        fetchXml(`${path.replace(/(\?|$)/, '.xml$1')}`),
        get(path.replace(/(\?|$)/, '.json$1')),
      ]);
      expect(xml.status, path).toBe(json.status);
      expect(xml.type, path).toBe('text/xml; charset=utf-8');
      expect(xml.text.startsWith('<?xml version="1.0" encoding="utf-8"?>'), path).toBe(true);
      expect(Object.keys(xml.parsed), path).toEqual([root]);
      expect(xml.parsed[root], path).toEqual(asText(json.body));
    }
    // a report sent to requests.xml is answered in XML; a wrong key there in XML's error form
    const posted = await fetchXml('/requests.xml', {
      api_key: key,
      service_code: 'streetlight_out',
      'attribute[pole_id]': 'SL-1002',
      address_string: 'Main St',
      description: 'Dark <again> & again',
    });
    expect(posted.status).toBe(201);
    const made = posted.parsed.service_requests as Row[];
    expect(Number(made[0]!.service_request_id)).toBeGreaterThan(0);
    // merged into the open report of that pole, or a new one: either way one the list answers
    expect((await requestNo(made[0]!.service_request_id)).service_request_id).toBe(
      Number(made[0]!.service_request_id),
    );
    const refused = await fetchXml('/requests.xml', { api_key: 'wrong', service_code: 'streetlight_out' });
    expect(refused.status).toBe(403);
    expect(refused.parsed).toEqual({
      errors: [
        { code: '403', description: "Invalid api_key received -- can't proceed with create_request." },
      ],
    });
  });

  it("keeps each city's reports to its own jurisdiction_id once it serves two", async () => {
    const home = String((await dispatcher.call('GET', '/api/v1/Open311Clients')).body.data[0].group);
    const other = await s.adminOfNewGroup('Second 311 city');
    const theirs = (await other.call('POST', '/api/v1/Open311Clients', { name: 'SeeClickFix' })).body;
    const theirKey = (await other.call('POST', `/api/v2/open311/clients/${theirs._id}/key`)).body.result.key;
    const group = String(theirs.group);
    expect(group).not.toBe(home);
    // two jurisdictions: a call must say which
    const unsaid = await get('/requests.json');
    expect(unsaid.status).toBe(400);
    expect(conforms('errors', unsaid)[0].description).toBe('jurisdiction_id was not provided');
    expect((await get('/services.json')).status).toBe(400);
    const unknown = await get('/requests.json?jurisdiction_id=sfgov.org');
    expect(unknown.status).toBe(404);
    expect(conforms('errors', unknown)[0].description).toBe('jurisdiction_id was not found');
    const sent = await report({
      api_key: theirKey,
      service_code: 'streetlight_damaged',
      address_string: 'Elm St',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const theirId = sent.body[0].service_request_id;
    const ours = conforms('requests', await get(`/requests.json?jurisdiction_id=${home}`)) as Row[];
    const others = conforms('requests', await get(`/requests.json?jurisdiction_id=${group}`)) as Row[];
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.map((r) => r.service_request_id)).not.toContain(theirId);
    expect(others.map((r) => r.service_request_id)).toEqual([theirId]);
    expect((await get(`/requests/${theirId}.json?jurisdiction_id=${home}`)).status).toBe(404);
    expect((await get(`/requests/${theirId}.json?jurisdiction_id=${group}`)).status).toBe(200);
    // a key names its own jurisdiction: it cannot report into another's
    const across = await report({
      api_key: theirKey,
      jurisdiction_id: home,
      service_code: 'streetlight_out',
      address_string: 'Main St',
    });
    expect(across.status).toBe(403);
    conforms('errors', across);
  });
});

// GeoReport v2's XML: each list is a plural element of singular ones (restated from the standard's examples)
const XML_LISTS: Record<string, string> = {
  services: 'service',
  service_requests: 'request',
  errors: 'error',
  attributes: 'attribute',
  values: 'value',
  endpoints: 'endpoint',
  formats: 'format',
};
const xmlParser = new XMLParser({
  parseTagValue: false,
  ignoreDeclaration: true,
  isArray: (name) => Object.values(XML_LISTS).includes(name),
});

/** A list's plural element unwrapped to an array, so an XML answer reads as its JSON form with every value text. */
function unwrapLists(value: unknown, key?: string): unknown {
  if (key && XML_LISTS[key]) {
    if (value === '') return [];
    return ((value as Row)[XML_LISTS[key]] as unknown[]).map((v) => unwrapLists(v));
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapLists(v, k)]));
  return value;
}

/** A JSON answer as XML carries it: null an empty element, numbers and booleans text. */
function asText(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(asText);
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v)]));
  return String(value);
}

async function fetchXml(path: string, posted?: Record<string, string>) {
  const res = await fetch(`${s.url}/open311/v2${path}`, {
    method: posted ? 'POST' : 'GET',
    headers: posted ? { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } : {},
    body: posted ? form(posted) : undefined,
  });
  const text = await res.text();
  const parsed = xmlParser.parse(text) as Row;
  const [root] = Object.keys(parsed);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    text,
    parsed: { [root!]: unwrapLists(parsed[root!], root) } as Row,
  };
}
