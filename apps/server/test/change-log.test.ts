import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, READ_ONLY_AREAS } from '@sl/domain';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// The change log (issue 15, "who did what"): every generic create, update and delete leaves an entry with the
// fields' old and new values and who did it, read through GET /api/v2/{Entity}/history, scoped like the record.

let s: TestServer;
let groupA: number;
let groupB: number;
let cityA: number;
let adminOfA: Client;
let userOfB: Client;
let blind: Client;

const PASSWORD = 'Lamps-2026';
// the areas the server computes hold reading rights only: a role with more is refused
const rightsFor = (areas: (a: string) => boolean) =>
  Object.fromEntries(
    ENTITIES.map((e) => [
      e.area,
      READ_ONLY_AREAS.includes(e.area)
        ? { view: areas(e.area), list: true }
        : { view: areas(e.area), list: true, create: true, edit: true, delete: true },
    ]),
  );

beforeAll(async () => {
  s = await startServer();
  cityA = (await s.call('POST', '/api/v1/Cities', { name: { 'en-us': 'A-town' }, lat: 1, lon: 1 })).body._id;
  const cityB = (await s.call('POST', '/api/v1/Cities', { name: { 'en-us': 'B-town' }, lat: 2, lon: 2 })).body
    ._id;
  groupA = (await s.call('POST', '/api/v1/Groups', { name: 'A', cities: [cityA] })).body._id;
  groupB = (await s.call('POST', '/api/v1/Groups', { name: 'B', cities: [cityB] })).body._id;
  const role = async (name: string, areas: (a: string) => boolean) =>
    (await s.call('POST', '/api/v1/Roles', { name, accessRights: rightsFor(areas) })).body._id as number;
  const all = await role('All', () => true);
  const noCabinets = await role('No cabinets', (a) => a !== 'Cabinets');
  const user = async (login: string, group: number, r: number, type = 'GROUPADMIN') => {
    const res = await s.call('POST', '/api/v1/Users', {
      login,
      password: PASSWORD,
      type,
      group,
      role: r,
      email: `${login}@example.org`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return s.signIn(login, PASSWORD);
  };
  adminOfA = await user('ga-a', groupA, all);
  userOfB = await user('ga-b', groupB, all);
  // a group administrator may do everything in the group; a user only what the role allows
  blind = await user('blind-a', groupA, noCabinets, 'NORMAL');
});
afterAll(() => s?.close());

const historyOf = (c: Client, entity: string, id: number) =>
  c.call('GET', `/api/v2/${entity}/history?id=${id}`);

describe(`change log on ${backend}`, () => {
  it('tells who created and changed a record, which fields from what to what, newest first', async () => {
    const created = await s.call('POST', '/api/v1/Cabinets', {
      uid: 'CAB-LOG-1',
      address: 'Elm 1',
      group: groupA,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id as number;
    const patched = await adminOfA.call('PATCH', `/api/v1/Cabinets/${id}`, {
      address: 'Elm 2',
      inversion: { A: true, B: false, C: false },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await adminOfA.call('DELETE', `/api/v1/Cabinets/${id}`)).status).toBe(200);

    const res = await historyOf(adminOfA, 'Cabinets', id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [deleted, updated, first] = res.body.result.data;
    expect(res.body.result.total).toBe(3);
    expect(deleted).toMatchObject({ action: 'delete', login: 'ga-a', changes: {} });
    expect(updated).toMatchObject({
      action: 'update',
      login: 'ga-a',
      changes: {
        address: { from: 'Elm 1', to: 'Elm 2' },
        inversion: { from: { A: false, B: false, C: false }, to: { A: true, B: false, C: false } },
      },
    });
    // only what changed: the uid was not touched
    expect(Object.keys(updated.changes).sort()).toEqual(['address', 'inversion']);
    expect(first).toMatchObject({
      action: 'create',
      login: 'admin',
      changes: { uid: { from: null, to: 'CAB-LOG-1' } },
    });
    expect(Date.parse(first.at)).not.toBeNaN();
  });

  it('writes no entry for a change that was refused, and names a password change without its values', async () => {
    const a = (await adminOfA.call('POST', '/api/v1/Cabinets', { uid: 'CAB-LOG-2' })).body._id as number;
    await adminOfA.call('POST', '/api/v1/Cabinets', { uid: 'CAB-LOG-3' });
    const clash = await adminOfA.call('PATCH', `/api/v1/Cabinets/${a}`, { uid: 'CAB-LOG-3', address: 'x' });
    expect(clash.status).toBe(409);
    const res = await historyOf(adminOfA, 'Cabinets', a);
    expect(res.body.result.data.map((e: { action: string }) => e.action)).toEqual(['create']);

    // a user of their own: a new password ends the user's sessions
    const me = (
      await s.call('POST', '/api/v1/Users', {
        login: 'pw-a',
        password: PASSWORD,
        group: groupA,
        role: await s.plainRole(),
        email: 'pw-a@example.org',
      })
    ).body._id as number;
    expect((await s.call('PATCH', `/api/v1/Users/${me}`, { password: 'Other-lamps-2026' })).status).toBe(200);
    const log = await historyOf(s, 'Users', me);
    expect(log.body.result.data[0]).toMatchObject({ action: 'update', changes: { password: {} } });
    expect(JSON.stringify(log.body.result.data)).not.toContain('Other-lamps-2026');
    expect(JSON.stringify(log.body.result.data)).not.toContain(PASSWORD);
  });

  it("shows another group's record's log to nobody of this group, and needs the area's view right", async () => {
    const id = (await adminOfA.call('POST', '/api/v1/Cabinets', { uid: 'CAB-LOG-4', address: 'secret' })).body
      ._id as number;
    const other = await historyOf(userOfB, 'Cabinets', id);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('secret');
    expect((await blind.call('GET', `/api/v1/Cabinets/${id}`)).status).toBe(403);
    const refused = await historyOf(blind, 'Cabinets', id);
    expect(refused.status).toBe(403);
    expect((await historyOf(adminOfA, 'Cabinets', id)).body.result.total).toBe(1);
  });

  it("hides what happened while a record was another group's", async () => {
    const id = (
      await s.call('POST', '/api/v1/Cabinets', { uid: 'CAB-LOG-5', address: 'in B', group: groupB })
    ).body._id as number;
    expect((await s.call('PATCH', `/api/v1/Cabinets/${id}`, { group: groupA, address: 'in A' })).status).toBe(
      200,
    );
    const seenByA = await historyOf(adminOfA, 'Cabinets', id);
    expect(seenByA.status).toBe(200);
    // the move itself is the new group's; the record's creation in group B is not
    expect(seenByA.body.result.data.map((e: { action: string }) => e.action)).toEqual(['update']);
    expect((await historyOf(s, 'Cabinets', id)).body.result.total).toBe(2);
  });
});
