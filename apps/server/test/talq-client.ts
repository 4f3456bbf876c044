import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { brotliCompressSync, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { checkAnswer, checkFunctions, checkRequest } from '../src/talq/talq-schemas.ts';
import type { Client } from './harness.ts';

// A tiny TALQ gateway client for the tests of the console's CMS API: every message it sends and gets is checked
// against the TALQ schemas, and every answer for the transport's headers.

export const NIL = '00000000-0000-0000-0000-000000000000';

export type Creds = { id: number; cmsUri: string; login: string; secret: string };
export type Sent = { status: number; headers: Headers; raw: Buffer; body: unknown };

/** A gateway's request to the CMS: Basic credentials, the version header, clientAddress, a body in `encoding`. */
export async function talq(
  c: { login: string; secret: string; cmsUri: string },
  method: string,
  path: string,
  opts: {
    body?: unknown;
    clientAddress?: string | null;
    encoding?: 'gzip' | 'deflate' | 'br';
    headers?: Record<string, string>;
    /** the request's talqRequestId (a new one when not given; null: none) */
    requestId?: string | null;
  } = {},
): Promise<Sent> {
  const url = new URL(c.cmsUri + path);
  if (opts.clientAddress !== null) url.searchParams.set('clientAddress', opts.clientAddress ?? NIL);
  if (opts.requestId !== null) url.searchParams.set('talqRequestId', opts.requestId ?? randomUUID());
  let data: Buffer | undefined = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  if (data && opts.encoding === 'gzip') data = gzipSync(data);
  if (data && opts.encoding === 'deflate') data = deflateSync(data);
  if (data && opts.encoding === 'br') data = brotliCompressSync(data);
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${c.login}:${c.secret}`).toString('base64')}`,
    'talq-api-version': '2.7.1',
    'accept-encoding': 'identity',
    ...(data && { 'content-type': 'application/json' }),
    ...(data && opts.encoding && { 'content-encoding': opts.encoding }),
    ...opts.headers,
  };
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
  if (data) {
    const check = checkRequest('cms', templateOf(path), method, opts.body);
    if (check.ok && templateOf(path) === '/devices')
      expect(checkFunctions(opts.body as unknown[])).toEqual({ ok: true });
  }
  // node:http, not fetch: fetch undoes the answer's encoding itself, and the test is whether it is there
  const res = await rawRequest(url, method, headers, data);
  const raw = res.raw;
  const enc = res.headers.get('content-encoding');
  const plain = enc === 'gzip' ? gunzipSync(raw) : enc === 'deflate' ? inflateSync(raw) : raw;
  const body = plain.length ? JSON.parse(plain.toString('utf8')) : undefined;
  // every answer: its length told, not to be transformed, the version, and as the API file declares it
  expect(res.headers.get('content-length')).toBe(String(raw.length));
  expect(res.headers.get('cache-control')).toBe('no-transform');
  expect(res.headers.get('talq-api-version')).toBe('2.7.1');
  if (res.status >= 400) expect(body).toEqual([{ key: expect.any(String) }]);
  else expect(checkAnswer('cms', templateOf(path), method, res.status, body)).toEqual({ ok: true });
  return { status: res.status, headers: res.headers, raw, body };
}
function rawRequest(url: URL, method: string, headers: Record<string, string>, data?: Buffer) {
  return new Promise<{ status: number; headers: Headers; raw: Buffer }>((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve({ status: res.statusCode!, headers: h, raw: Buffer.concat(parts) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}
const templateOf = (path: string) => (/^\/devices\/[^/]+$/.test(path) ? '/devices/{deviceAddress}' : path);

export const gatewayDevice = (uri: string) => ({
  address: NIL,
  name: 'gateway',
  class: 'Gateway',
  functions: [
    {
      id: 'gw',
      type: 'GatewayFunction',
      gatewayUri: { type: 'AttributeUri', value: uri },
      cmsUri: { type: 'AttributeUri', value: 'http://unknown/' },
      gatewayAddress: { type: 'AttributeString', value: NIL },
      cmsAddress: { type: 'AttributeString', value: NIL },
    },
  ],
});
export const LAMP_CLASS = {
  name: 'Lamp',
  functions: [
    { functionId: 'basic', type: 'BasicFunction' },
    { functionId: 'lamp', type: 'LampActuatorFunction' },
  ],
};
export const lampDevice = (address: string, lon: number, lat: number) => ({
  address,
  name: `lamp ${address.slice(0, 4)}`,
  class: 'Lamp',
  functions: [
    {
      id: 'basic',
      type: 'BasicFunction',
      location: { type: 'AttributeLocation', value: { latitude: lat, longitude: lon } },
      vendorThing: { type: 'AttributeString', value: 'a vendor attribute' },
    },
    { id: 'lamp', type: 'LampActuatorFunction' },
  ],
});

/** where no gateway listens */
const NOWHERE = 'http://127.0.0.1:1/gw';

/** Commissions a gateway as `who`: in their group, or (an administrator of none) in the first group they see. */
export async function commission(
  who: Client,
  name: string,
  gatewayUri = NOWHERE,
  city?: number,
): Promise<Creds> {
  const group = (await who.call('GET', '/api/v1/Groups?limit=1&sort=_id')).body.data[0]?._id as
    number | undefined;
  const res = await who.call('POST', '/api/v2/talq/gateways', { name, gatewayUri, city, group });
  expect(res.status).toBe(201);
  return res.body;
}

/** The whole bootstrap: announcement, services, one class, the empty class list. */
export async function bootstrap(c: Creds) {
  return (await bootstrapAt(c)).gatewayAddress;
}

/** The bootstrap of a gateway serving its API at `gatewayUri`: the addresses the CMS gave it and itself. */
export async function bootstrapAt(c: Creds, gatewayUri = NOWHERE) {
  const a = await talq(c, 'POST', '/devices', { body: [gatewayDevice(gatewayUri)] });
  expect(a.status).toBe(201);
  const [own] = a.body as { address: string; functions: { cmsAddress?: { value: string } }[] }[];
  const address = own!.address;
  const cmsAddress = own!.functions.find((f) => f.cmsAddress)!.cmsAddress!.value;
  const as = { clientAddress: address };
  expect((await talq(c, 'POST', '/services', { ...as, body: [{ name: 'ControlService' }] })).status).toBe(
    201,
  );
  expect((await talq(c, 'POST', '/device-classes', { ...as, body: [LAMP_CLASS] })).status).toBe(201);
  expect((await talq(c, 'POST', '/device-classes', { ...as, body: [] })).status).toBe(201);
  return { gatewayAddress: address, cmsAddress };
}
