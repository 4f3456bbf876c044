import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// No self-granted rights, and sessions that end when what they were granted on changes (issue 16 §3).

let s: TestServer;
let group: number;
const roles: Record<string, number> = {};
const PASSWORD = 'Lamps-2026';

async function user(login: string, role: number, type = 'NORMAL') {
  const r = await s.call('POST', '/api/v1/Users', {
    login,
    password: PASSWORD,
    group,
    role,
    type,
    email: `${login}@example.org`,
  });
  expect(r.status).toBe(201);
  return r.body._id as number;
}
const stillIn = async (c: Client) => (await c.call('GET', '/api/v1/Users?limit=1')).status;

beforeAll(async () => {
  s = await startServer();
  group = (await s.call('POST', '/api/v1/Groups', { name: 'Rights' })).body._id;
  const role = async (name: string, accessRights: object) => {
    const r = await s.call('POST', '/api/v1/Roles', { name: `Rights test: ${name}`, accessRights });
    expect(r.status).toBe(201);
    roles[name] = r.body._id;
  };
  await role('Editor', { Users: { view: true, list: true, edit: true } });
  await role('Viewer', { Users: { view: true, list: true } });
  await role('Everything', {
    Users: { view: true, list: true, edit: true },
    control: { view: true, command: true },
    Roles: { view: true, edit: true },
  });
  await role('Operator', { control: { view: true, command: true } });
  await role('RoleEditor', { Roles: { view: true, edit: true } });
  await role('Locker', { Users: { view: true, list: true, edit: true, canLock: true } });
  await role('Remover', { Users: { view: true, list: true, edit: true, delete: true } });
});
afterAll(() => s?.close());

describe(`rights a user cannot give themselves, on ${backend}`, () => {
  it('a user with Users.edit cannot change their own role, nor give anyone a right they do not hold', async () => {
    const bob = await user('bob', roles.Editor!);
    const carol = await user('carol', roles.Viewer!);
    const asBob = await s.signIn('bob', PASSWORD);
    const own = await asBob.call('PATCH', `/api/v1/Users/${bob}`, { role: roles.Everything });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: 'PermissionDeniedError', fields: ['role'] });
    const more = await asBob.call('PATCH', `/api/v1/Users/${carol}`, { role: roles.Operator });
    expect(more.status).toBe(403);
    expect(more.body.fields).toEqual(['role']);
    const create = await asBob.call('POST', '/api/v1/Users', {
      login: 'dave',
      password: PASSWORD,
      group,
      role: roles.Everything,
      email: 'dave@example.org',
    });
    expect(create.status).toBe(403);
    // what bob holds he may give
    expect((await asBob.call('PATCH', `/api/v1/Users/${carol}`, { role: roles.Editor })).status).toBe(200);
    // and bob still cannot dim
    expect((await asBob.call('GET', '/api/v1/control/lighting?by=group&id=1&raw=50')).status).toBe(403);
  });

  it('a group administrator gives roles within their group, but no right over roles or groups', async () => {
    const groupAdmin = await s.adminOfNewGroup('Other');
    const groupId = (await groupAdmin.call('GET', '/api/v1/Groups')).body.data[0]._id;
    const make = (login: string, role: number) =>
      groupAdmin.call('POST', '/api/v1/Users', {
        login,
        password: PASSWORD,
        group: groupId,
        role,
        email: `${login}@example.org`,
      });
    expect((await make('op1', roles.Operator!)).status).toBe(201);
    const refused = await make('op2', roles.RoleEditor!);
    expect(refused.status).toBe(403);
    expect(refused.body.fields).toEqual(['role']);
  });
});

describe(`no way into a colleague who holds more, on ${backend}`, () => {
  it('a user with Users.edit cannot change the password, e-mail, role or lock of one whose role holds more', async () => {
    const boss = await user('boss', roles.Everything!);
    await user('hal', roles.Locker!);
    const clerk = await user('clerk', roles.Viewer!);
    const asHal = await s.signIn('hal', PASSWORD);
    const ru = { 'accept-language': 'ru' };
    const refused = [
      await asHal.call('PATCH', `/api/v1/Users/${boss}`, { password: 'Taken-over-2026' }, ru),
      await asHal.call('PATCH', '/api/v2/Users', { _id: boss, password: 'Taken-over-2026' }, ru),
      await asHal.call('POST', '/api/v2/users/update', { _id: boss, password: 'Taken-over-2026' }, ru),
      await asHal.call(
        'POST',
        '/api/v2/users/update',
        { _id: boss, password: 'Taken-over-2026', passwordConfirm: 'Taken-over-2026' },
        ru,
      ),
    ];
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({
        error: true,
        code: 'PermissionDeniedError',
        message: 'Доступ запрещён',
        fields: ['password'],
      });
    }
    const fieldsOf = async (patch: object) => {
      const r = await asHal.call('PATCH', `/api/v1/Users/${boss}`, patch);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: 'PermissionDeniedError', message: 'Permission denied' });
      return r.body.fields;
    };
    expect(await fieldsOf({ email: 'hal@example.org' })).toEqual(['email']);
    expect(await fieldsOf({ role: roles.Locker })).toEqual(['role']);
    expect(await fieldsOf({ isLocked: true })).toEqual(['isLocked']);
    expect(await fieldsOf({ isActive: false })).toEqual(['isActive']);
    // the boss is untouched: their password still opens, the others' attempts did not
    await s.signIn('boss', PASSWORD);
    await expect(s.signIn('boss', 'Taken-over-2026')).rejects.toThrow(/UnauthorizedError/);
    // what does not open the account stays editable, and one who holds no more than hal can be reset by him
    expect((await asHal.call('PATCH', `/api/v1/Users/${boss}`, { description: 'on leave' })).status).toBe(
      200,
    );
    expect((await asHal.call('PATCH', `/api/v1/Users/${clerk}`, { password: 'Clerk-new-2026' })).status).toBe(
      200,
    );
    await s.signIn('clerk', 'Clerk-new-2026');
  });

  it('nor delete them, change their login, or change their type', async () => {
    const chief = await user('chief', roles.Everything!);
    const temp = await user('temp', roles.Viewer!);
    await user('rita', roles.Remover!);
    const asRita = await s.signIn('rita', PASSWORD);
    const ru = { 'accept-language': 'ru' };
    for (const path of [`/api/v1/Users/${chief}`, `/api/v2/Users/${chief}`]) {
      const r = await asRita.call('DELETE', path, undefined, ru);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({
        code: 'PermissionDeniedError',
        message: 'Доступ запрещён',
        fields: ['_id'],
      });
    }
    const renamed = await asRita.call('PATCH', `/api/v1/Users/${chief}`, { login: 'chief-old' });
    expect(renamed.status).toBe(403);
    expect(renamed.body).toMatchObject({ code: 'PermissionDeniedError', fields: ['login'] });
    const v2 = await asRita.call('POST', '/api/v2/users/update', { _id: chief, login: 'chief-old' });
    expect(v2.status).toBe(403);
    await s.signIn('chief', PASSWORD);
    // one who holds no more than rita she may rename and delete
    expect((await asRita.call('PATCH', `/api/v1/Users/${temp}`, { login: 'temp2' })).status).toBe(200);
    expect((await asRita.call('DELETE', `/api/v1/Users/${temp}`)).status).toBe(200);

    // a group administrator holds every right in the group, but none over roles: a role editor is out of reach
    const groupAdmin = await s.adminOfNewGroup('Types');
    const groupId = (await groupAdmin.call('GET', '/api/v1/Groups')).body.data[0]._id;
    const made = await s.call('POST', '/api/v1/Users', {
      login: 'role-keeper',
      password: PASSWORD,
      group: groupId,
      role: roles.RoleEditor,
      email: 'role-keeper@example.org',
    });
    expect(made.status).toBe(201);
    const retyped = await groupAdmin.call('PATCH', `/api/v1/Users/${made.body._id}`, { type: 'GROUPADMIN' });
    expect(retyped.status).toBe(403);
    expect(retyped.body).toMatchObject({ code: 'PermissionDeniedError', fields: ['type'] });
    expect((await groupAdmin.call('DELETE', `/api/v1/Users/${made.body._id}`)).status).toBe(403);
  });

  it('an administrator still resets anyone, and the reset ends their sessions', async () => {
    const id = await user('ivy', roles.Everything!);
    const before = await s.signIn('ivy', PASSWORD);
    expect((await s.call('POST', '/api/v2/users/update', { _id: id, password: 'Ivy-new-2026' })).status).toBe(
      200,
    );
    expect(await stillIn(before)).toBe(401);
    expect(await stillIn(await s.signIn('ivy', 'Ivy-new-2026'))).toBe(200);
  });
});

describe(`sessions end when their grounds change, on ${backend}`, () => {
  it('a password set by an administrator ends every session of the user at once', async () => {
    const id = await user('erin', roles.Viewer!);
    const [a, b] = [await s.signIn('erin', PASSWORD), await s.signIn('erin', PASSWORD)];
    expect(await stillIn(a)).toBe(200);
    expect((await s.call('PATCH', `/api/v1/Users/${id}`, { password: 'Other-lamps-2026' })).status).toBe(200);
    expect(await stillIn(a)).toBe(401);
    expect(await stillIn(b)).toBe(401);
    expect(await stillIn(await s.signIn('erin', 'Other-lamps-2026'))).toBe(200);
  });

  it('a user who changes their own password keeps this session and loses the others', async () => {
    const id = await user('frank', roles.Editor!);
    const [here, elsewhere] = [await s.signIn('frank', PASSWORD), await s.signIn('frank', PASSWORD)];
    const r = await here.call('PATCH', `/api/v1/Users/${id}`, { password: 'Frank-new-2026' });
    expect(r.status).toBe(200);
    expect(await stillIn(here)).toBe(200);
    expect(await stillIn(elsewhere)).toBe(401);
  });

  it('a new role and a deletion end the sessions at once', async () => {
    const id = await user('gina', roles.Editor!);
    const before = await s.signIn('gina', PASSWORD);
    expect((await s.call('PATCH', `/api/v1/Users/${id}`, { role: roles.Viewer })).status).toBe(200);
    expect(await stillIn(before)).toBe(401);
    const after = await s.signIn('gina', PASSWORD);
    expect(await stillIn(after)).toBe(200);
    expect((await s.call('DELETE', `/api/v1/Users/${id}`)).status).toBe(200);
    expect(await stillIn(after)).toBe(401);
  });
});
