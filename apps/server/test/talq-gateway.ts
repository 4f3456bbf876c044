import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { checkLoggerModes, checkPrograms, checkRequest, declares } from '../src/talq/talq-schemas.ts';
import type { TestServer } from './harness.ts';
import { bootstrapAt, commission, lampDevice, talq, type Creds } from './talq-client.ts';

// A TALQ gateway's API (talq-gw.json) as far as the control tests need it: it keeps every request the CMS makes,
// checks each against the gateway API's schema and TALQ's transport rules, and answers override commands as its
// mode says. In `feedback` it accepts (202) and PATCHes each addressed lamp's feedbackLightCommand to the CMS
// after `delayMs`, as a gateway does once its lamps took the command. It keeps the control programs and calendars
// it is sent and the calendar assigned to each lamp function, and counts as a problem any reference to an entity it
// was not sent before (a calendar's program, an assignment's calendar), and the logger configurations it is sent.

export type GatewayMode = 'feedback' | 'silent' | 'refuse' | 'sync';
export type Received = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  at: number;
};
type Override = {
  addresses: { resource: string; address: string }[];
  targetCommand: Record<string, unknown>;
};

type Entity = { id: string };
type GatewayFunction = Record<'gatewayAddress' | 'cmsAddress' | 'cmsUri' | 'gatewayUri', { value: string }>;

/** The GatewayFunction of a device, when the body is one device that has it. */
const ownFunction = (body: unknown): GatewayFunction | undefined =>
  (body as { functions?: (GatewayFunction & { type: string })[] } | undefined)?.functions?.find(
    (f) => f.type === 'GatewayFunction',
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function testGateway() {
  const received: Received[] = [];
  /** what the gateway found wrong in the CMS's requests, and what failed of its own requests to the CMS */
  const problems: string[] = [];
  /** when each feedback PATCH was sent */
  const fedBackAt: number[] = [];
  let mode: GatewayMode = 'feedback';
  let delayMs = 300;
  let cms: { c: Creds; clientAddress: string; cmsAddress: string } | undefined;
  /** its GatewayFunction as the CMS PATCHed it after the announcement */
  let gatewayFunction: GatewayFunction | undefined;
  const programs = new Map<string, Entity>();
  const calendars = new Map<string, Entity & { rules?: { program: string }[]; defaultProgram?: string }>();
  /** lamp function address → calendar address */
  const assigned = new Map<string, string>();
  /** the logger configurations it was sent, by address, and when each arrived */
  const loggers = new Map<string, { address: string; at: number } & Record<string, unknown>>();

  const feedBack = async (o: Override) => {
    const body = o.addresses.map((a) => ({
      address: a.address,
      name: `lamp ${a.address.slice(0, 4)}`,
      class: 'Lamp',
      functions: [
        {
          id: 'lamp',
          type: 'LampActuatorFunction',
          feedbackLightCommand: { type: 'AttributeCommand', value: o.targetCommand },
        },
      ],
    }));
    // one lamp by its own path, the rest in one list: the CMS takes both forms
    const [first, ...rest] = body;
    // noted as it goes: the CMS may answer the dim before the gateway has read the PATCH's own answer
    fedBackAt.push(Date.now());
    const sent = [
      await talq(cms!.c, 'PATCH', `/devices/${first!.address}`, {
        clientAddress: cms!.clientAddress,
        body: first,
      }),
      ...(rest.length
        ? [await talq(cms!.c, 'PATCH', '/devices', { clientAddress: cms!.clientAddress, body: rest })]
        : []),
    ];
    for (const r of sent) if (r.status !== 200) problems.push(`feedback PATCH answered ${r.status}`);
  };

  /** The programs, calendars, assignments and logger configurations it takes (undefined: none of those). */
  const keep = (method: string, path: string, body: unknown, wrong: (what: string) => void) => {
    const [, collection, address] = path.split('/');
    if (collection === 'logger-configs') {
      const config = body as { address: string };
      const had = loggers.get(address ?? config.address);
      if (method === 'POST' && !address) {
        if (had) return { status: 409, body: [{ key: 'alreadyExists' }] };
        loggers.set(config.address, { ...config, at: Date.now() });
        return { status: 201, body: undefined };
      }
      if (!had) return { status: 404, body: [{ key: 'notFound' }] };
      if (method === 'PUT') {
        if (config.address !== address) wrong('logger address not the path’s');
        loggers.set(address!, { ...config, at: Date.now() });
        return { status: 200, body: undefined };
      }
      if (method === 'DELETE') loggers.delete(address!);
      return { status: 200, body: had };
    }
    const store =
      collection === 'control-programs' ? programs : collection === 'calendars' ? calendars : undefined;
    if (store) {
      if (method === 'DELETE' && address) {
        const had = store.get(address);
        store.delete(address);
        return had ? { status: 200, body: had } : { status: 404, body: [{ key: 'notFound' }] };
      }
      const items = (Array.isArray(body) ? body : [body]) as (Entity & { rules?: { program: string }[] })[];
      for (const item of items) {
        if (store === calendars)
          for (const program of [
            ...(item.rules ?? []).map((r) => r.program),
            (item as { defaultProgram?: string }).defaultProgram,
          ])
            if (program && !programs.has(program))
              wrong(`calendar ${item.id} names program ${program} not sent`);
        if (method === 'POST' && store.has(item.id)) return { status: 409, body: [{ key: 'alreadyExists' }] };
        if (method === 'PUT' && !store.has(item.id)) return { status: 404, body: [{ key: 'notFound' }] };
      }
      for (const item of items) store.set(item.id, item);
      return { status: method === 'POST' ? 201 : 200, body };
    }
    if (method === 'POST' && path === '/assign-commands') {
      const command = body as { addresses: { address: string }[]; entity: { address: string } };
      if (!calendars.has(command.entity.address))
        wrong(`assignment of calendar ${command.entity.address} not sent`);
      for (const a of command.addresses) assigned.set(a.address, command.entity.address);
      return { status: 201, body: undefined };
    }
    return undefined;
  };

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://gateway');
      const path = url.pathname.replace(/^\/gw/, '');
      const text = Buffer.concat(parts).toString('utf8');
      const body: unknown = text ? JSON.parse(text) : undefined;
      received.push({
        method: req.method!,
        path,
        query: url.searchParams,
        headers: req.headers,
        body,
        at: Date.now(),
      });
      const wrong = (what: string) => problems.push(`${req.method} ${path}: ${what}`);
      if (req.headers['talq-api-version'] !== '2.7.1') wrong('no talq-api-version 2.7.1');
      if (req.headers['cache-control'] !== 'no-transform') wrong('no cache-control: no-transform');
      // the PATCH of its own GatewayFunction may come before the gateway has read the announcement's answer
      const own = ownFunction(body);
      if (url.searchParams.get('clientAddress') !== (cms?.cmsAddress ?? own?.cmsAddress?.value))
        wrong('clientAddress is not the CMS’s');
      if (!UUID.test(url.searchParams.get('talqRequestId') ?? '')) wrong('no talqRequestId');
      const template = path
        .replace(/^\/devices\/[^/]+$/, '/devices/{deviceAddress}')
        .replace(/^\/calendars\/[^/]+$/, '/calendars/{calendarAddress}')
        .replace(/^\/control-programs\/[^/]+$/, '/control-programs/{controlProgramAddress}')
        .replace(/^\/logger-configs\/[^/]+$/, '/logger-configs/{loggerAddress}');
      if (!declares('gw', template, req.method!)) wrong('not an operation of talq-gw.json');
      const checked = checkRequest('gw', template, req.method!, body);
      if (!checked.ok) wrong(checked.errors.join('; '));
      if (template.startsWith('/logger-configs') && body !== undefined) {
        const modes = checkLoggerModes(body);
        if (!modes.ok) wrong(modes.errors.join('; '));
      }
      if (template.startsWith('/control-programs') && body !== undefined) {
        const each = checkPrograms(Array.isArray(body) ? body : [body]);
        if (!each.ok) wrong(each.errors.join('; '));
      }
      const answer = (status: number, out?: unknown) => {
        const data = out === undefined ? '' : JSON.stringify(out);
        res.writeHead(status, {
          'talq-api-version': '2.7.1',
          'cache-control': 'no-transform',
          'content-length': Buffer.byteLength(data),
          ...(data && { 'content-type': 'application/json' }),
        });
        res.end(data);
      };
      if (req.method === 'PATCH' && own) {
        gatewayFunction = own;
        return answer(200);
      }
      const stored = keep(req.method!, path, body, wrong);
      if (stored) return answer(stored.status, stored.body);
      if (req.method !== 'POST' || path !== '/override-commands') return answer(404, [{ key: 'notFound' }]);
      if (mode === 'refuse') return answer(422, [{ key: 'commandNotSupported' }]);
      if (mode === 'sync') return answer(201);
      answer(202);
      if (mode === 'feedback')
        setTimeout(
          () => void feedBack(body as Override).catch((err: unknown) => problems.push(String(err))),
          delayMs,
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gw`;

  return {
    url,
    received,
    problems,
    fedBackAt,
    gatewayFunction: () => gatewayFunction,
    programs,
    calendars,
    assigned,
    loggers,
    /** the CMS it reports to, once bootstrapped */
    reportsTo(to: { c: Creds; clientAddress: string; cmsAddress: string }) {
      cms = to;
    },
    answers(m: GatewayMode, delay = 300) {
      mode = m;
      delayMs = delay;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A test gateway commissioned in the server's first city, bootstrapped, reporting to the CMS, with three lamps
 * announced: their TALQ addresses (sorted) and their modules.
 */
export async function gatewayWithLamps(s: TestServer, name: string) {
  const gw = await testGateway();
  const city = (await s.call('GET', '/api/v1/Cities?limit=1')).body.data[0]._id as number;
  const c = await commission(s, name, gw.url, city);
  const { gatewayAddress, cmsAddress } = await bootstrapAt(c, gw.url);
  const bootstrapEnded = Date.now();
  gw.reportsTo({ c, clientAddress: gatewayAddress, cmsAddress });
  const lamps = [randomUUID(), randomUUID(), randomUUID()].sort();
  const announced = await talq(c, 'POST', '/devices', {
    clientAddress: gatewayAddress,
    body: lamps.map((a, i) => lampDevice(a, 0.12 + i / 1000, 52.2)),
  });
  if (announced.status !== 201) throw new Error(`the lamps' announcement answered ${announced.status}`);
  const modules = await Promise.all(
    lamps.map(
      async (a) =>
        (await s.call('GET', `/api/v1/LuminaryModules?uid=${a}`)).body.data[0] as {
          _id: number;
          mac: string;
        },
    ),
  );
  return { gw, c, gatewayAddress, cmsAddress, bootstrapEnded, lamps, modules };
}
