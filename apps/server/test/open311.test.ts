import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Answer, type Client, type TestServer } from './harness.ts';

// Open311 GeoReport v2 conformance (issue 32): the service list and definition, a request by position and by
// pole number, a duplicate merged, the status following the work order, a wrong key refused, bad input answered
// in the standard's error form. Every answer is checked against the schema restated from the standard's tables.

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
      ['/services.xml', 404],
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
});
