import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';
import { bootstrap, commission, gatewayDevice, LAMP_CLASS, lampDevice, NIL, talq } from './talq-client.ts';

// The console as a TALQ 2.7.1 CMS (issue 31, first increment): commissioning, the transport of TALQ §3, the
// bootstrap of §5.1 and announced devices becoming lamp modules, driven by the test gateway client (talq-client.ts).

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

describe(`TALQ CMS on ${backend}`, () => {
  it('commissions a gateway: its secret once (hashed), rotation ends the old one, wrong credentials 401', async () => {
    const c = await commission(s, 'gw-one');
    expect(c.cmsUri).toBe(`${s.url}/talq/v2`);
    expect(c.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await s.sql<{ hash: string }>('select hash from device_secrets where controller_id = $1', [
      c.id,
    ]);
    expect(row!.hash).not.toContain(c.secret);
    const listed = await s.call('GET', '/api/v2/talq/gateways');
    expect(listed.status).toBe(200);
    const mine = listed.body.result.find((g: { id: number }) => g.id === c.id);
    expect(mine).toMatchObject({ login: c.login, state: 'new', lastContactAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(c.secret);
    // a controller of its own kind, listed with the controllers
    expect((await s.call('GET', `/api/v1/Controllers/${c.id}`)).body.protocol).toBe('TALQ');

    expect((await talq(c, 'POST', '/devices', { body: [gatewayDevice('http://x/')] })).status).toBe(201);
    expect((await talq({ ...c, secret: 'wrong' }, 'GET', '/devices')).status).toBe(401);
    const none = await fetch(`${c.cmsUri}/devices?clientAddress=${NIL}`, {
      headers: { 'talq-api-version': '2.7.1' },
    });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);

    // a gateway's credentials open its TALQ API only, not the field's MQTT broker
    const refused = await mqtt
      .connectAsync(s.brokerUrl, {
        clientId: c.login,
        username: c.login,
        password: c.secret,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      })
      .then(
        async (client) => (await client.endAsync(true), 'connected'),
        (err: { code?: number }) => err.code,
      );
    expect(refused).toBe(4);

    const rotated = await s.call('POST', `/api/v2/talq/gateways/${c.id}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(c.secret);
    expect((await talq(c, 'POST', '/devices', { body: [gatewayDevice('http://x/')] })).status).toBe(401);
    expect(
      (
        await talq({ ...c, secret: rotated.body.secret }, 'POST', '/devices', {
          body: [gatewayDevice('http://x/')],
        })
      ).status,
    ).toBe(201);
    const after = (await s.call('GET', '/api/v2/talq/gateways')).body.result.find(
      (g: { id: number }) => g.id === c.id,
    );
    expect(after.lastContactAt).not.toBeNull();
    expect(after.state).toBe('announced');
  });

  it("puts a gateway in a group: the caller's, the one an administrator of none names, or its city's only one", async () => {
    const groupOf = async (id: number) =>
      Number(
        (await s.sql<{ group: number | null }>('select "group" from controllers where _id = $1', [id]))[0]!
          .group,
      );
    const post = (body: object) =>
      s.call('POST', '/api/v2/talq/gateways', { gatewayUri: 'http://127.0.0.1:1/gw', ...body });
    const city = (
      await s.call('POST', '/api/v1/Cities', { name: { int: 'Gatewayville' }, lat: 42.4, lon: -71.1 })
    ).body._id as number;
    // an administrator of no group who names none, for a city no group holds: refused, nothing made
    const refused = await post({ name: 'gw-nowhere', city });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'IsInvalidError', fields: ['group'] });
    expect((await s.call('GET', '/api/v1/Controllers?uid=gw-nowhere')).body.total).toBe(0);

    const groupAdmin = await s.adminOfNewGroup('gateway-owners');
    const own = (await groupAdmin.call('GET', '/api/v1/Groups?limit=1')).body.data[0]._id as number;
    expect((await s.call('PATCH', `/api/v1/Groups/${own}`, { cities: [city] })).status).toBe(200);
    const byCity = await post({ name: 'gw-by-city', city });
    expect(byCity.status).toBe(201);
    expect(await groupOf(byCity.body.id)).toBe(own);
    const named = await post({ name: 'gw-named', group: own });
    expect(named.status).toBe(201);
    expect(await groupOf(named.body.id)).toBe(own);
    // a group's user makes it in their own group, whatever they name
    const other = (await s.call('POST', '/api/v1/Groups', { name: 'not-theirs' })).body._id as number;
    const theirs = await groupAdmin.call('POST', '/api/v2/talq/gateways', {
      name: 'gw-theirs',
      gatewayUri: 'http://127.0.0.1:1/gw',
      group: other,
    });
    expect(theirs.status).toBe(201);
    expect(await groupOf(theirs.body.id)).toBe(own);
    // and its gateways are listed to that group
    const listed = (await groupAdmin.call('GET', '/api/v2/talq/gateways')).body.result as { id: number }[];
    expect(listed.map((g) => g.id).sort()).toEqual([byCity.body.id, named.body.id, theirs.body.id].sort());
  });

  it('speaks TALQ §3: gzip and deflate both ways, brotli 415, no version or clientAddress 400', async () => {
    const c = await commission(s, 'gw-transport');
    for (const encoding of ['gzip', 'deflate'] as const) {
      const res = await talq(c, 'POST', '/devices', { body: [gatewayDevice('http://x/')], encoding });
      expect(res.status).toBe(201);
      expect(res.headers.get('content-encoding')).toBe(encoding);
    }
    expect(
      (await talq(c, 'POST', '/devices', { body: [gatewayDevice('http://x/')], encoding: 'br' })).status,
    ).toBe(415);
    expect(
      (
        await talq(c, 'POST', '/devices', {
          body: [gatewayDevice('http://x/')],
          headers: { 'talq-api-version': '' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await talq(c, 'POST', '/devices', { body: [gatewayDevice('http://x/')], clientAddress: null })).status,
    ).toBe(400);
    // a body the schema refuses (a device without its address)
    expect((await talq(c, 'POST', '/devices', { body: [{ name: 'x', class: 'Gateway' }] })).status).toBe(400);
  });

  it('bootstraps in order: 403 before the empty class list, a non-NIL announcement refused', async () => {
    const c = await commission(s, 'gw-boot');
    // before any announcement, an address of its own choosing is none the CMS gave
    expect(
      (await talq(c, 'POST', '/devices', { body: [gatewayDevice('http://x/')], clientAddress: randomUUID() }))
        .status,
    ).toBe(403);
    const a = await talq(c, 'POST', '/devices', { body: [gatewayDevice('http://127.0.0.1:1/gw')] });
    expect(a.status).toBe(201);
    const [announced] = a.body as { address: string; functions: Record<string, { value: string }>[] }[];
    const address = announced!.address;
    expect(address).not.toBe(NIL);
    expect(announced!.functions[0]!.gatewayAddress!.value).toBe(address);
    expect(announced!.functions[0]!.cmsUri!.value).toBe(c.cmsUri);
    const as = { clientAddress: address };
    expect((await talq(c, 'GET', '/devices', as)).status).toBe(403);
    expect((await talq(c, 'POST', '/services', { ...as, body: [{ name: 'ControlService' }] })).status).toBe(
      201,
    );
    expect((await talq(c, 'POST', '/device-classes', { ...as, body: [LAMP_CLASS] })).status).toBe(201);
    expect(
      (await talq(c, 'POST', '/devices', { ...as, body: [lampDevice(randomUUID(), 0.1, 52.2)] })).status,
    ).toBe(403);
    expect((await talq(c, 'POST', '/device-classes', { ...as, body: [] })).status).toBe(201);
    expect((await talq(c, 'GET', '/devices', as)).status).toBe(200);
    // after the bootstrap, an announcement under its own address is refused
    expect((await talq(c, 'POST', '/devices', { ...as, body: [gatewayDevice('http://x/')] })).status).toBe(
      400,
    );
    const listed = (await s.call('GET', '/api/v2/talq/gateways')).body.result.find(
      (g: { id: number }) => g.id === c.id,
    );
    expect(listed).toMatchObject({ state: 'ready', gatewayAddress: address });
  });

  it('makes announced lamps modules of the gateway in its group, all or none, and follows PATCH and DELETE', async () => {
    const admin = await s.adminOfNewGroup('talq-group');
    const other = await s.adminOfNewGroup('talq-other');
    const c = await commission(admin, 'gw-devices');
    const address = await bootstrap(c);
    const as = { clientAddress: address };
    const lamps = [lampDevice(randomUUID(), 0.12, 52.2), lampDevice(randomUUID(), 0.13, 52.21)];
    // one bad item (a class never announced) refuses the whole request
    const bad = { ...lampDevice(randomUUID(), 0, 0), class: 'Nothing' };
    expect((await talq(c, 'POST', '/devices', { ...as, body: [...lamps, bad] })).status).toBe(422);
    expect((await admin.call('GET', `/api/v1/LuminaryModules?controller=${c.id}`)).body.length ?? 0).toBe(0);

    const res = await talq(c, 'POST', '/devices', { ...as, body: lamps, encoding: 'gzip' });
    expect(res.status).toBe(201);
    const modules = await s.sql<{ _id: number; uid: string; group: number; controller: number; lon: number }>(
      `select m._id, m.uid, m."group", m.controller, m.location_lon as lon from luminary_modules m
       where m.controller = $1 and m.deleted_at is null order by m.uid`,
      [c.id],
    );
    expect(modules.map((m) => m.uid).sort()).toEqual(lamps.map((l) => l.address).sort());
    const group = (
      await s.sql<{ group: number }>('select "group" from controllers where _id = $1', [c.id])
    )[0]!.group;
    expect(group).not.toBeNull();
    expect(modules.every((m) => Number(m.group) === Number(group))).toBe(true);
    // in the group's lists, with a lamp and a mounting at its position; none of it in another group's
    const list = await admin.call('GET', '/api/v1/LuminaryModules');
    expect(list.status).toBe(200);
    const macs = JSON.stringify(list.body);
    for (const l of lamps) expect(macs).toContain(l.address);
    expect(JSON.stringify((await other.call('GET', '/api/v1/LuminaryModules')).body)).not.toContain(
      lamps[0]!.address,
    );
    const supports = await s.sql<{ uid: string; lon: number; lat: number }>(
      'select uid, location_lon as lon, location_lat as lat from luminary_supports where uid = $1 and deleted_at is null',
      [lamps[0]!.address],
    );
    expect(supports).toEqual([{ uid: lamps[0]!.address, lon: 0.12, lat: 52.2 }]);
    const lampRows = await s.sql<{ n: number }>(
      'select count(*)::int as n from luminaries where uid = any($1) and deleted_at is null and control_module is not null',
      [lamps.map((l) => l.address)],
    );
    expect(lampRows[0]!.n).toBe(2);

    // another group's gateway reaches nothing of this one
    const stranger = await commission(other, 'gw-stranger');
    const strangerAddress = await bootstrap(stranger);
    const del = await talq(stranger, 'DELETE', `/devices/${lamps[0]!.address}`, {
      clientAddress: strangerAddress,
    });
    expect(del.status).toBe(404);
    expect((await talq(stranger, 'GET', '/devices', { clientAddress: strangerAddress })).body).toEqual([
      expect.objectContaining({ class: 'Gateway' }),
    ]);

    // PATCH moves it, DELETE takes it away
    const moved = {
      address: lamps[0]!.address,
      name: lamps[0]!.name,
      class: 'Lamp',
      functions: [
        {
          id: 'basic',
          type: 'BasicFunction',
          location: { type: 'AttributeLocation', value: { latitude: 52.3, longitude: 0.2 } },
        },
      ],
    };
    expect((await talq(c, 'PATCH', '/devices', { ...as, body: [moved] })).status).toBe(200);
    const [at] = await s.sql<{ lat: number }>(
      'select location_lat as lat from luminary_supports where uid = $1 and deleted_at is null',
      [lamps[0]!.address],
    );
    expect(at!.lat).toBe(52.3);
    expect((await talq(c, 'DELETE', `/devices/${lamps[1]!.address}`, as)).status).toBe(200);
    const left = await s.sql<{ uid: string }>(
      'select uid from luminary_modules where controller = $1 and deleted_at is null',
      [c.id],
    );
    expect(left.map((m) => m.uid)).toEqual([lamps[0]!.address]);
  });
});
