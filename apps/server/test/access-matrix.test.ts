import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, FLAGS, READ_ONLY_AREAS, type Area, type Flag } from '@sl/domain';
import type { RouteEntry } from '../src/app.ts';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// For every route the server has, every user kind: the expected allow or deny, stated here from spec §6 and
// DESIGN.md §7 (not sampled by hand), is what the server answers.

type Kind = 'anonymous' | 'admin' | 'groupAdmin' | 'noRights' | 'exactRight' | 'allButRight' | 'demo';
type Guarded = RouteEntry & { access: { area: Area; action: Flag; groupOwned?: boolean } };

const READS: Flag[] = ['view', 'list', 'viewRawData'];
/** every right a role can hold: only reading ones over the areas the server computes */
const allRights = Object.fromEntries(
  AREAS.map((a) => [
    a,
    Object.fromEntries(
      FLAGS.filter((f) => !READ_ONLY_AREAS.includes(a) || READS.includes(f)).map((f) => [f, true]),
    ),
  ]),
);

/** Spec: admins do all; groups and roles are shared, so only admins write them (a group may edit itself). */
function expected(kind: Kind, r: Guarded): 'allow' | 'deny' | 'demoUser' {
  const { area, action, groupOwned = true } = r.access;
  const read = READS.includes(action);
  const sharedWrite = (area === 'Roles' && !read) || (area === 'Groups' && !read && action !== 'edit');
  switch (kind) {
    case 'admin':
      return 'allow';
    case 'demo':
      return read ? (['view', 'list'].includes(action) ? 'allow' : 'deny') : 'demoUser';
    case 'groupAdmin':
      return sharedWrite ? 'deny' : groupOwned ? 'allow' : 'deny';
    case 'exactRight':
      return sharedWrite ? 'deny' : 'allow';
    default:
      return 'deny';
  }
}

let s: TestServer;
let clients: Record<Exclude<Kind, 'anonymous'>, Client>;
let roleX: number;
beforeAll(async () => {
  s = await startServer();
  const group = (await s.call('POST', '/api/v1/Groups', { name: 'Matrix' })).body._id;
  const none = (await s.call('POST', '/api/v1/Roles', { name: 'None', accessRights: {} })).body._id;
  roleX = (await s.call('POST', '/api/v1/Roles', { name: 'X', accessRights: {} })).body._id;
  const user = async (login: string, type: string, role: number) => {
    await s.call('POST', '/api/v1/Users', {
      login,
      password: 'Lamps-2026',
      type,
      group,
      role,
      email: `${login}@example.org`,
    });
    return s.signIn(login, 'Lamps-2026');
  };
  const x = await user('x', 'NORMAL', roleX);
  clients = {
    admin: s,
    groupAdmin: await user('ga', 'GROUPADMIN', none),
    noRights: await user('none', 'NORMAL', none),
    exactRight: x,
    allButRight: x,
    demo: await s.demo(),
  };
});
afterAll(() => s?.close());

const fill = (url: string) => url.replace(/:[a-zA-Z]+/g, '999999');
async function attempt(c: Client, r: RouteEntry) {
  return ['GET', 'DELETE'].includes(r.method)
    ? c.call(r.method, fill(r.url))
    : c.call(r.method, fill(r.url), {});
}
function check(kind: Kind, r: RouteEntry, res: { status: number; body: { code?: string } }, want: string) {
  const where = `${kind} ${r.method} ${r.url} → ${res.status} ${res.body?.code}`;
  if (want === 'allow') expect([401, 403], where).not.toContain(res.status);
  else
    expect([res.status, res.body.code], where).toEqual([
      403,
      want === 'demoUser' ? 'demoUser' : 'PermissionDeniedError',
    ]);
}

describe(`access matrix on ${backend}`, () => {
  it('covers routes of every kind', () => {
    const guarded = s.routes.filter((r) => typeof r.access === 'object');
    expect(guarded.length).toBeGreaterThan(250);
    const apiWithout = s.routes.filter((r) => /^\/(api\/v|auth)/.test(r.url) && r.access === undefined);
    expect(apiWithout).toEqual([]);
  });

  it('refuses anonymous callers everywhere but the public routes', async () => {
    const anonymous = s.anonymous();
    for (const r of s.routes) {
      if (r.access === 'public' || !/^\/(api\/v|auth)/.test(r.url)) continue;
      const res = await attempt(anonymous, r);
      expect([res.status, res.body.code], `${r.method} ${r.url}`).toEqual([401, 'UnauthorizedError']);
    }
  });

  it('lets every signed-in user reach the session routes', async () => {
    // the live stream never ends; live.test.ts covers it
    const once = (r: RouteEntry) => r.url !== '/auth/sign-out' && r.url !== '/api/v2/live';
    // reached: neither refused nor failed (a route that needs a query answers its bare call with 400, one whose
    // path names a record or list answers a made-up name 404)
    for (const r of s.routes.filter((r) => r.access === 'session' && once(r)))
      for (const c of Object.values(clients)) {
        const { status } = await attempt(c, r);
        const reached = r.url.includes('/:') ? [200, 400, 404] : [200, 400];
        expect(reached, `${r.method} ${r.url} → ${status}`).toContain(status);
      }
  });

  it('answers every guarded route for every user kind as the rules say', async () => {
    const guarded = s.routes.filter((r): r is Guarded => typeof r.access === 'object');
    for (const kind of ['admin', 'groupAdmin', 'noRights', 'demo'] as const)
      for (const r of guarded) check(kind, r, await attempt(clients[kind], r), expected(kind, r));

    const byRight = new Map<string, Guarded[]>();
    for (const r of guarded)
      byRight.set(`${r.access.area}/${r.access.action}`, [
        ...(byRight.get(`${r.access.area}/${r.access.action}`) ?? []),
        r,
      ]);
    for (const [key, routes] of byRight) {
      const [area, action] = key.split('/') as [Area, Flag];
      await s.call('PATCH', `/api/v1/Roles/${roleX}`, { accessRights: { [area]: { [action]: true } } });
      for (const r of routes)
        check('exactRight', r, await attempt(clients.exactRight, r), expected('exactRight', r));
      const allBut = structuredClone(allRights) as Record<string, Record<string, boolean>>;
      allBut[area]![action] = false;
      expect((await s.call('PATCH', `/api/v1/Roles/${roleX}`, { accessRights: allBut })).status).toBe(200);
      for (const r of routes)
        check('allButRight', r, await attempt(clients.allButRight, r), expected('allButRight', r));
    }
    // some 300 routes, five kinds of user and two roles per right: over a minute on a loaded machine
  }, 180_000);
});
