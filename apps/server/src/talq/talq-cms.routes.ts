import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cmsUriOf } from './talq.routes.ts';
import { type TalqDevice, TalqDevices, type TalqFunction, patched } from './talq-devices.ts';
import { gatewayRequest } from './talq-gateway-client.ts';
import type { Gateway } from './talq-gateways.ts';
import type { LogReport, TalqLogReports } from './talq-log-reports.ts';
import { loggerConfigsOf } from './talq-logger-entities.ts';
import type { TalqOverrides } from './talq-overrides.ts';
import { devicesProgramRefused, reportsProgramRefused } from './talq-programs.ts';
import type { TalqRequestIds } from './talq-request-ids.ts';
import { checkRequest } from './talq-schemas.ts';
import { installTalqTransport, NIL, TALQ_PREFIX, TalqError, UUID, type TalqDeps } from './talq-transport.ts';

// The CMS API of talq-cms.json under /talq/v2 (issue 31), first increment: the bootstrap of TALQ §5.1 and the
// devices. Every route is public to the console's sessions (access 'public'): a gateway proves itself with HTTP
// Basic in the transport's own hook, and reaches only its own devices, in its own group.

type DeviceClass = Gateway['deviceClasses'][number];
const PUBLIC = { config: { access: 'public' as const } };

/** The requests a gateway may make before its bootstrap ended (TALQ §5.1): the announcements only. */
const BOOTSTRAP_ROUTES = new Set([
  'POST /devices',
  'POST /services',
  'POST /device-classes',
  'PUT /device-classes',
]);

const attr = (type: string, value: unknown) => ({ type, value });
/** the waits before each PATCH of a gateway's GatewayFunction */
const PATCH_RETRIES_MS = [0, 2_000, 10_000];

/** Classes announced again grow: a class keeps every function it had, and gains the new ones. */
function grown(known: DeviceClass[], announced: DeviceClass[]): DeviceClass[] {
  const out = known.map((c) => ({ ...c, functions: [...(c.functions ?? [])] }));
  for (const c of announced) {
    const had = out.find((k) => k.name === c.name);
    if (!had) out.push({ ...c, functions: [...(c.functions ?? [])] });
    else
      for (const f of c.functions ?? [])
        if (!had.functions.some((x) => x.functionId === f.functionId)) had.functions.push(f);
  }
  return out;
}

export async function registerTalqCmsRoutes(
  app: FastifyInstance,
  deps: TalqDeps & {
    devices: TalqDevices;
    reports: TalqLogReports;
    requestIds: TalqRequestIds;
    overrides: TalqOverrides;
    /** a gateway's bootstrap ended: only now may the CMS send it anything but the GatewayFunction */
    bootstrapped?: (g: Gateway) => void;
    /** a gateway said it cannot run a calendar or program it was sent (TALQ invalidCalendar, invalidProgram) */
    programsRefused?: (g: Gateway) => void;
  },
) {
  const { gateways, devices, reports, requestIds, overrides } = deps;
  await app.register(
    async (cms) => {
      installTalqTransport(cms, deps);

      // the bootstrap gate: until the gateway's class list ended it, only the announcements; its own address
      // (given by the announcement) on every request, the NIL address on the gateway announcement only
      cms.addHook('preHandler', async (req) => {
        const { gateway, clientAddress } = req.talq;
        const op = `${req.method} ${(req.routeOptions.url ?? '').slice(TALQ_PREFIX.length)}`;
        if (clientAddress === NIL) {
          if (op !== 'POST /devices') throw new TalqError(403, 'nilClientAddress');
          return;
        }
        if (clientAddress !== gateway.gatewayAddress || gateway.state === 'new')
          throw new TalqError(403, 'unknownClientAddress');
        if (gateway.state !== 'ready' && !BOOTSTRAP_ROUTES.has(op))
          throw new TalqError(403, 'bootstrapNotFinished');
      });

      cms.post('/devices', PUBLIC, async (req, reply) => {
        const body = req.body as TalqDevice[];
        if (req.talq.clientAddress === NIL) {
          const answered = await announce(req, body);
          // once the answer is out, the gateway's GatewayFunction is PATCHed on the gateway (TALQ §5.1)
          reply.raw.once('finish', () => {
            tellGateway(req, answered[0]!).catch((err: unknown) =>
              req.log.error({ err }, 'TALQ gateway PATCH failed'),
            );
          });
          return reply.code(201).send(answered);
        }
        if (req.talq.gateway.state !== 'ready') throw new TalqError(403, 'bootstrapNotFinished');
        if (body.some((d) => d.functions?.some((f) => f.type === 'GatewayFunction')))
          throw new TalqError(400, 'gatewayAnnouncementNeedsNilClientAddress');
        const assigned = body.map((d) => (d.address === NIL ? { ...d, address: randomUUID() } : d));
        await write(req.talq.gateway, assigned, 'add');
        return reply.code(201).send(assigned);
      });
      // a PUT or PATCH of lamps may carry the feedback of an override command (talq-overrides.ts)
      cms.put('/devices', PUBLIC, async (req) => {
        const body = req.body as TalqDevice[];
        await overrides.feedback(req.talq.gateway.id, body);
        if (devicesProgramRefused(body)) deps.programsRefused?.(req.talq.gateway);
        await write(req.talq.gateway, body, 'replace');
        return body;
      });
      const patchDevices = async (g: Gateway, body: TalqDevice[]) => {
        const stored = await ownDevices(g, body);
        const merged = body.map((d) => patched(stored.get(d.address)!.device as TalqDevice, d));
        // the gateway's word on a command stands whatever else the PATCH carries
        await overrides.feedback(g.id, body);
        if (devicesProgramRefused(body)) deps.programsRefused?.(g);
        await write(g, merged, 'replace');
        return merged;
      };
      cms.patch('/devices', PUBLIC, async (req) => patchDevices(req.talq.gateway, req.body as TalqDevice[]));
      cms.patch('/devices/:deviceAddress', PUBLIC, async (req) => {
        const address = (req.params as { deviceAddress: string }).deviceAddress;
        const [merged] = await patchDevices(req.talq.gateway, [{ ...(req.body as TalqDevice), address }]);
        return merged;
      });
      cms.get('/devices', PUBLIC, async (req, reply) => {
        const q = req.query as { offset?: string; limit?: string };
        const offset = q.offset === undefined ? 0 : Number(q.offset);
        const limit = q.limit === undefined ? undefined : Number(q.limit);
        if (
          !Number.isInteger(offset) ||
          offset < 0 ||
          (limit !== undefined && !(Number.isInteger(limit) && limit >= 0))
        )
          throw new TalqError(400, 'invalidPagination');
        const page = await devices.list(req.talq.gateway, offset, limit ?? (q.offset ? 1000 : undefined));
        if (q.offset !== undefined || q.limit !== undefined)
          void reply
            .header('pagination-count', page.devices.length)
            .header('pagination-offset', offset)
            .header('pagination-totalCount', page.total)
            .header('pagination-defaultLimit', 1000);
        return page.devices;
      });
      cms.delete('/devices/:deviceAddress', PUBLIC, async (req) => {
        const g = req.talq.gateway;
        const address = (req.params as { deviceAddress: string }).deviceAddress.toLowerCase();
        const [stored] = await devices.stored([address]);
        if (!stored || stored.gatewayId !== g.id) throw new TalqError(404, 'unknownDevice');
        if (address === g.gatewayAddress) {
          // a resync: the gateway bootstraps again; what it announced stays, and is matched by address
          await gateways.update(g.id, { state: 'new' });
          return stored.device;
        }
        await devices.remove(g, stored);
        return stored.device;
      });

      cms.post('/services', PUBLIC, async (req, reply) => {
        const g = req.talq.gateway;
        await gateways.update(g.id, {
          services: req.body ?? [],
          ...(g.state === 'announced' && { state: 'services' }),
        });
        return reply.code(201).send();
      });
      const classes = (created: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
        const g = req.talq.gateway;
        const body = req.body as DeviceClass[];
        const ended = created && body.length === 0 && g.state !== 'ready';
        await gateways.update(g.id, {
          deviceClasses: grown(g.deviceClasses ?? [], body),
          ...(ended ? { state: 'ready' } : g.state !== 'ready' && { state: 'classes' }),
        });
        if (ended) deps.bootstrapped?.(g);
        return reply.code(created ? 201 : 200).send(body);
      };
      cms.post('/device-classes', PUBLIC, classes(true));
      cms.put('/device-classes', PUBLIC, classes(false));

      // TALQ data collection: a report checked whole before its request id is claimed, so that a refused one may
      // be sent again mended; a repeat (its answer was lost on the way) is answered as the first was, 201, and
      // stores nothing. The reference files say nothing of a repeat's answer: this is the one that ends the retry.
      cms.post('/log-reports', PUBLIC, async (req, reply) => {
        const requestId = (req.query as Record<string, unknown>).talqRequestId;
        if (typeof requestId !== 'string' || !UUID.test(requestId))
          throw new TalqError(400, 'missingTalqRequestId');
        const g = req.talq.gateway;
        const prepared = await reports.prepare(g, req.body as LogReport);
        if (!(await requestIds.claim(g.id, requestId))) return reply.code(201).send();
        try {
          await reports.store(g, prepared);
        } catch (err) {
          await requestIds.release(g.id, requestId);
          throw err;
        }
        if (reportsProgramRefused(req.body as LogReport)) deps.programsRefused?.(g);
        return reply.code(201).send();
      });

      // a logger configuration the CMS gives this gateway (talq-logger-entities.ts), as it was sent
      cms.get('/logger-configs/:loggerAddress', PUBLIC, async (req) => {
        const address = (req.params as { loggerAddress: string }).loggerAddress.toLowerCase();
        const config = loggerConfigsOf(req.talq.gateway).find((l) => l.address === address);
        if (!config) throw new TalqError(404, 'unknownLogger');
        return config;
      });
    },
    { prefix: TALQ_PREFIX },
  );

  /**
   * The gateway announcement (TALQ §5.1): the gateway's own device with its GatewayFunction, sent with the NIL
   * clientAddress. The CMS gives the gateway its address and its own (kept across resyncs: nothing duplicated)
   * and answers the device with them.
   */
  async function announce(req: FastifyRequest, body: TalqDevice[]) {
    const g = req.talq.gateway;
    const own = body.length === 1 ? body[0]! : undefined;
    const fn = own?.functions?.find((f) => f.type === 'GatewayFunction');
    if (!own || !fn) throw new TalqError(400, 'gatewayAnnouncementExpected');
    const gatewayAddress = g.gatewayAddress ?? randomUUID();
    const cmsAddress = g.cmsAddress ?? randomUUID();
    const gatewayUri = ((fn.gatewayUri as { value?: unknown } | undefined)?.value as string) || g.gatewayUri;
    const answered: TalqDevice = {
      ...own,
      address: gatewayAddress,
      functions: (own.functions ?? []).map((f): TalqFunction =>
        f === fn
          ? {
              ...f,
              gatewayAddress: attr('AttributeString', gatewayAddress),
              cmsAddress: attr('AttributeString', cmsAddress),
              cmsUri: attr('AttributeUri', cmsUriOf(req)),
              gatewayUri: attr('AttributeUri', gatewayUri),
            }
          : f,
      ),
    };
    await gateways.update(g.id, { gatewayAddress, cmsAddress, gatewayUri, state: 'announced' });
    await devices.put({ ...g, gatewayAddress }, answered);
    return [answered];
  }

  /**
   * TALQ §5.1: after answering the announcement, the CMS PATCHes the gateway's own device with the GatewayFunction
   * the answer gave it (its address and the CMS's), checked against the gateway API's schema. A gateway that does
   * not take it is asked again twice, then named in the log; its bootstrap goes on either way, as it already knows
   * both addresses from the answer.
   */
  async function tellGateway(req: FastifyRequest, device: TalqDevice) {
    const g = await gateways.byLogin(req.talq.gateway.login);
    if (!g?.gatewayUri || !g.cmsAddress) return;
    const path = `/devices/${device.address}`;
    const checked = checkRequest('gw', '/devices/{deviceAddress}', 'PATCH', device);
    if (!checked.ok) return req.log.error({ errors: checked.errors }, 'TALQ gateway PATCH not sent');
    for (const waitMs of PATCH_RETRIES_MS) {
      await new Promise((r) => setTimeout(r, waitMs));
      const outcome = await gatewayRequest(g, 'PATCH', path, { body: device, timeoutMs: 10_000 }).then(
        (a) => (a.status < 300 ? undefined : { status: a.status, text: `answered ${a.status}` }),
        (err: unknown) => ({ status: null, text: `not reached: ${String(err)}` }),
      );
      await gateways.tried(g.id, 'gatewayFunction', outcome && { status: outcome.status });
      if (!outcome) return;
      req.log.warn({ gateway: g.id, outcome: outcome.text }, 'TALQ gateway did not take its GatewayFunction');
    }
  }

  /** The gateway's own stored devices by address; 404 when one is unknown, 409 when one is another's. */
  async function ownDevices(g: Gateway, body: TalqDevice[]) {
    const stored = new Map((await devices.stored(body.map((d) => d.address))).map((s) => [s.address, s]));
    for (const d of body) {
      const s = stored.get(d.address);
      if (!s) throw new TalqError(404, 'unknownDevice');
      if (s.gatewayId !== g.id) throw new TalqError(409, 'addressInUse');
    }
    return stored;
  }

  /**
   * Writes announced devices, all or none refused: each names a class the gateway announced, an address no
   * other gateway holds, appears once, and (to replace) exists. A device announced again is matched by address.
   */
  async function write(g: Gateway, body: TalqDevice[], how: 'add' | 'replace') {
    const addresses = body.map((d) => d.address.toLowerCase());
    if (new Set(addresses).size !== addresses.length) throw new TalqError(400, 'duplicateAddress');
    const known = new Set((g.deviceClasses ?? []).map((c) => c.name));
    if (body.some((d) => !known.has(d.class))) throw new TalqError(422, 'unknownDeviceClass');
    const stored = new Map((await devices.stored(addresses)).map((s) => [s.address, s]));
    for (const a of addresses) {
      const s = stored.get(a);
      if (s && s.gatewayId !== g.id) throw new TalqError(409, 'addressInUse');
      if (!s && how === 'replace') throw new TalqError(404, 'unknownDevice');
      if (a === g.gatewayAddress) throw new TalqError(400, 'gatewayAnnouncementNeedsNilClientAddress');
    }
    const all = body.map((d) => ({ ...d, address: d.address.toLowerCase() }));
    const fresh = all.filter((d) => !stored.has(d.address) && TalqDevices.isLamp(d));
    await devices.addMany(g, fresh);
    for (const d of all) if (!fresh.includes(d)) await devices.put(g, d, stored.get(d.address));
  }
}
