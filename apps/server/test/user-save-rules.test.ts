import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// Spec §5/§6 on saving a user: role and e-mail required of every type, a group of everyone but an administrator,
// whose group is dropped; the update call takes roleId, groupId and userType (spec §3).

let s: TestServer;
let group: number;
let role: number;
const PASSWORD = 'Lamps-2026';

beforeAll(async () => {
  s = await startServer();
  group = (await s.call('POST', '/api/v1/Groups', { name: 'Save rules' })).body._id;
  role = await s.plainRole();
});
afterAll(() => s?.close());

const body = (login: string, extra: Record<string, unknown> = {}) => ({
  login,
  password: PASSWORD,
  group,
  role,
  email: `${login}@example.org`,
  ...extra,
});

describe(`a user's save rules on ${backend}`, () => {
  it.each(['NORMAL', 'GROUPADMIN', 'ADMIN'])(
    'refuses a %s without role or e-mail, naming them',
    async (type) => {
      const { role: _r, email: _e, ...bare } = body(`bare-${type}`, { type });
      const v1 = await s.call('POST', '/api/v1/Users', bare, { 'accept-language': 'ru' });
      expect(v1.status).toBe(400);
      expect(v1.body).toMatchObject({ code: 'IsInvalidError', message: 'Неверные данные' });
      expect(v1.body.fields.sort()).toEqual(['email', 'role']);
      const noRole = await s.call('POST', '/api/v2/Users', { ...bare, email: 'x@example.org' });
      expect(noRole.body).toMatchObject({ code: 'IsInvalidError', fields: ['role'] });
      const noEmail = await s.call('POST', '/api/v2/Users', { ...bare, role, email: '' });
      expect(noEmail.body).toMatchObject({ code: 'IsInvalidError', fields: ['email'] });
      expect((await s.call('GET', `/api/v1/Users?login=bare-${type}`)).body.total).toBe(0);
    },
  );

  it('refuses them in the user calls too', async () => {
    const onGroup = await s.call('POST', '/api/v2/users/create-on-group', {
      groupId: group,
      user: { login: 'on-group', password: PASSWORD },
    });
    expect(onGroup.body.code).toBe('IsInvalidError');
    expect(onGroup.body.fields.sort()).toEqual(['user.email', 'user.role']);
    const withGroup = await s.call('POST', '/api/v2/users/create-with-group', {
      group: { name: 'Wizard rules' },
      city: { name: { 'en-us': 'Rulestown' }, lat: 1, lon: 1 },
      user: { login: 'wizard-admin', password: PASSWORD, role },
    });
    expect(withGroup.body).toMatchObject({ code: 'IsInvalidError', fields: ['user.email'] });
  });

  it('never clears a role or an e-mail, and takes a change that leaves them alone on a user stored without', async () => {
    const made = await s.call('POST', '/api/v1/Users', body('keeper'));
    expect(made.status).toBe(201);
    for (const cleared of [{ role: null }, { email: null }, { email: '' }]) {
      const res = await s.call('PATCH', `/api/v1/Users/${made.body._id}`, cleared);
      expect(res.status, JSON.stringify(cleared)).toBe(400);
    }
    // the demo user was written by the server itself, before the rule, without an e-mail
    const demo = (await s.call('GET', '/api/v1/Users?login=demo')).body.data[0];
    expect(demo.email ?? null).toBeNull();
    const phoned = await s.call('PATCH', `/api/v1/Users/${demo._id}`, { phone: '+1 617 555 0101' });
    expect(phoned.status).toBe(200);
  });

  it('drops the group of an administrator on create and on update', async () => {
    const admin = await s.call('POST', '/api/v1/Users', body('chief', { type: 'ADMIN' }));
    expect(admin.status).toBe(201);
    expect(admin.body.group ?? null).toBeNull();
    const regrouped = await s.call('PATCH', `/api/v1/Users/${admin.body._id}`, { group });
    expect(regrouped.status).toBe(200);
    expect(regrouped.body.group ?? null).toBeNull();
    const normal = await s.call('POST', '/api/v1/Users', body('promoted'));
    expect(normal.body.group).toBe(group);
    const promoted = await s.call('PATCH', `/api/v1/Users/${normal.body._id}`, { type: 'ADMIN' });
    expect(promoted.body.type).toBe('ADMIN');
    expect(promoted.body.group ?? null).toBeNull();
    // and one who stops being an administrator needs a group again
    const demoted = await s.call('PATCH', `/api/v1/Users/${normal.body._id}`, { type: 'NORMAL' });
    expect(demoted.body).toMatchObject({ code: 'IsInvalidError', fields: ['group'] });
  });

  it('takes roleId, groupId and userType in the update call', async () => {
    const other = (await s.call('POST', '/api/v1/Groups', { name: 'Save rules 2' })).body._id;
    const viewer = (await s.call('POST', '/api/v1/Roles', { name: 'Save rules viewer', accessRights: {} }))
      .body._id;
    const made = await s.call('POST', '/api/v1/Users', body('aliased'));
    const res = await s.call('POST', '/api/v2/users/update', {
      _id: made.body._id,
      roleId: viewer,
      groupId: other,
      userType: 'GROUPADMIN',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ role: viewer, group: other, type: 'GROUPADMIN' });
    const clash = await s.call('POST', '/api/v2/users/update', {
      _id: made.body._id,
      role: viewer,
      roleId: role,
    });
    expect(clash.body).toMatchObject({ code: 'IsInvalidError', fields: ['roleId'] });
  });
});
