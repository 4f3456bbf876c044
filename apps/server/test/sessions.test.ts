import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, backend, startServer, type TestServer } from './harness.ts';

// Sign-in, sessions, CSRF, throttling and password rules, through HTTP.

let s: TestServer;
let groupId: number;
beforeAll(async () => {
  s = await startServer();
  groupId = (await s.call('POST', '/api/v1/Groups', { name: 'Cambridge DPW' })).body._id;
});
afterAll(() => s?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A sign-in with the headers of its answer that the harness's client does not keep. */
async function signInRaw(url: string, login: string, password: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ login, password }),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    cookies: res.headers.getSetCookie(),
    body: (await res.json()) as Record<string, unknown>,
  };
}
/** What every user must have besides login and password (spec §5): a role and an e-mail. */
const needed = async (login: string, server: TestServer = s) => ({
  role: await server.plainRole(),
  email: `${login}@example.org`,
});

let seq = 0;
async function newUser(extra: Record<string, unknown> = {}) {
  const login = `op${++seq}`;
  const res = await s.call('POST', '/api/v1/Users', {
    login,
    password: 'Lamps-2026',
    group: groupId,
    ...(await needed(login)),
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { login, id: res.body._id as number, client: await s.signIn(login, 'Lamps-2026') };
}

describe(`sign-in and sessions on ${backend}`, () => {
  it('answers sign-in with login, type, role with rights, group with cities, id and roles', async () => {
    const role = await s.call('POST', '/api/v1/Roles', {
      name: 'Night shift',
      accessRights: { Cabinets: { view: true } },
    });
    const city = await s.call('POST', '/api/v1/Cities', {
      name: { 'en-us': 'Boston' },
      lat: 42.36,
      lon: -71.06,
    });
    await s.call('PATCH', `/api/v1/Groups/${groupId}`, { cities: [city.body._id] });
    await s.call('POST', '/api/v1/Users', {
      login: 'shift',
      password: 'Lamps-2026',
      group: groupId,
      role: role.body._id,
      email: 'shift@example.org',
    });
    const c = s.anonymous();
    const res = await c.call('POST', '/auth/sign-in', { login: 'shift', password: 'Lamps-2026' });
    expect(res.body).toMatchObject({
      login: 'shift',
      type: 'NORMAL',
      id: res.body._id,
      roles: ['Night shift'],
      role: { name: 'Night shift', accessRights: { Cabinets: { view: true } } },
      group: { name: 'Cambridge DPW', cities: [{ _id: city.body._id, lat: 42.36 }] },
    });
    expect(res.body.password).toBeUndefined();
    expect(c.cookies.get('sid')).toBeTruthy();
    expect((await c.call('GET', '/auth/me')).body.login).toBe('shift');
  });

  it('sets the session cookie httpOnly and SameSite', async () => {
    const res = await fetch(`${s.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD }),
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Strict/i);
  });

  it('refuses wrong credentials with UnauthorizedError, in the caller language', async () => {
    const res = await s
      .anonymous()
      .call('POST', '/auth/sign-in', { login: 'admin', password: 'wrong-123' }, { 'accept-language': 'ru' });
    expect(res).toMatchObject({
      status: 401,
      body: { code: 'UnauthorizedError', message: 'Ошибка авторизации' },
    });
    expect(
      (await s.anonymous().call('POST', '/auth/sign-in', { login: 'nobody', password: 'x' })).status,
    ).toBe(401);
  });

  it('answers 401 without a session', async () => {
    expect((await s.anonymous().call('GET', '/api/v1/Cabinets')).body.code).toBe('UnauthorizedError');
  });

  it('ends a session at sign-out', async () => {
    const { client } = await newUser();
    expect((await client.call('POST', '/auth/sign-out')).status).toBe(200);
    const stale = s.anonymous();
    stale.cookies.set('sid', 'x');
    expect((await client.call('GET', '/auth/me')).status).toBe(401);
  });

  it('ends every session of a user who is locked or deactivated, and refuses their sign-in', async () => {
    const a = await newUser();
    const second = await s.signIn(a.login, 'Lamps-2026');
    await s.call('PATCH', `/api/v1/Users/${a.id}`, { isLocked: true });
    expect((await a.client.call('GET', '/auth/me')).status).toBe(401);
    expect((await second.call('GET', '/auth/me')).status).toBe(401);
    expect(
      (await s.anonymous().call('POST', '/auth/sign-in', { login: a.login, password: 'Lamps-2026' })).status,
    ).toBe(401);
    const b = await newUser();
    await s.call('POST', '/api/v2/users/update', { _id: b.id, isActive: false });
    expect((await b.client.call('GET', '/auth/me')).status).toBe(401);
  });

  it('refuses a change without the CSRF header, or with a wrong one', async () => {
    const c = await s.signIn('admin', ADMIN_PASSWORD);
    const token = c.cookies.get('csrf')!;
    c.cookies.delete('csrf');
    const none = await c.call('POST', '/api/v1/Types', { name: 'Alley' });
    expect(none).toMatchObject({ status: 403, body: { code: 'PermissionDeniedError', fields: ['csrf'] } });
    const wrong = await c.call(
      'POST',
      '/api/v1/Types',
      { name: 'Alley' },
      // its last character changed (a token that ended in 'x' was once sent unchanged, and let in)
      { 'x-csrf-token': token.slice(0, -1) + (token.endsWith('x') ? 'y' : 'x') },
    );
    expect(wrong.status).toBe(403);
    expect((await c.call('GET', '/api/v1/Types?name=Alley')).body.total).toBe(0);
    expect((await c.call('POST', '/api/v1/Types', { name: 'Alley' }, { 'x-csrf-token': token })).status).toBe(
      201,
    );
  });

  it('asks the token for a command sent by GET too, unless the console’s own page sends it', async () => {
    const c = await s.signIn('admin', ADMIN_PASSWORD);
    const token = c.cookies.get('csrf')!;
    c.cookies.delete('csrf');
    const dim = '/api/v1/control/lighting?by=mac&mac=024DFFFF00000009&raw=40';
    const bare = await c.call('GET', dim);
    expect(bare).toMatchObject({ status: 403, body: { code: 'PermissionDeniedError', fields: ['csrf'] } });
    const crossSite = await c.call('GET', dim, undefined, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.body.fields).toEqual(['csrf']);
    // past the check: the module is unknown
    const ownPage = await c.call('GET', dim, undefined, { 'sec-fetch-site': 'same-origin' });
    expect([403, 401]).not.toContain(ownPage.status);
    const withToken = await c.call('GET', dim, undefined, { 'x-csrf-token': token });
    expect([403, 401]).not.toContain(withToken.status);
    // a read needs neither
    expect((await c.call('GET', '/api/v1/Types')).status).toBe(200);
  });

  it('refuses a change whose Origin is another site, and a token of other characters', async () => {
    const c = await s.signIn('admin', ADMIN_PASSWORD);
    const evil = await c.call('POST', '/api/v1/Types', { name: 'Evil' }, { origin: 'https://evil.example' });
    expect(evil).toMatchObject({ status: 403, body: { fields: ['origin'] } });
    const bad = await c.call('POST', '/api/v1/Types', { name: 'Evil' }, { origin: 'null' });
    expect(bad.status).toBe(403);
    const own = await c.call('POST', '/api/v1/Types', { name: 'Own' }, { origin: s.url });
    expect(own.status).toBe(201);
    const token = c.cookies.get('csrf')!;
    const nonAscii = await c.call(
      'POST',
      '/api/v1/Types',
      { name: 'Evil' },
      { 'x-csrf-token': 'é'.repeat(token.length) },
    );
    expect(nonAscii).toMatchObject({ status: 403, body: { fields: ['csrf'] } });
  });

  it('slows a login after five failures with a doubling wait, and lets the right password in after it', async () => {
    const { login } = await newUser();
    for (let i = 0; i < 5; i++) expect((await signInRaw(s.url, login, 'bad-0000-x')).status).toBe(401);
    // the right password too waits: a second, said in Retry-After, then it gets in
    const waiting = await signInRaw(s.url, login, 'Lamps-2026');
    expect(waiting).toMatchObject({
      status: 429,
      retryAfter: '1',
      body: { error: true, code: 'UnauthorizedError', reason: 'tooManyAttempts' },
    });
    await sleep(1100);
    expect((await signInRaw(s.url, login, 'bad-0000-x')).status).toBe(401);
    expect(await signInRaw(s.url, login, 'Lamps-2026')).toMatchObject({ status: 429, retryAfter: '2' });
    await sleep(2100);
    expect((await signInRaw(s.url, login, 'Lamps-2026')).status).toBe(200);
    // a success forgets the failures
    expect(await s.sql('select * from login_throttle where login = $1', [login])).toEqual([]);
    expect((await signInRaw(s.url, login, 'bad-0000-x')).status).toBe(401);
  });

  it('never makes the wait longer than a minute, however many failures', async () => {
    const { login } = await newUser();
    await s.sql(
      `insert into login_throttle (login, address, failures, last_failure_at) values ($1, '127.0.0.1', 400, now())`,
      [login],
    );
    expect((await signInRaw(s.url, login, 'bad-0000-x')).status).toBe(401);
    const waiting = await signInRaw(s.url, login, 'Lamps-2026');
    expect(waiting.status).toBe(429);
    expect(Number(waiting.retryAfter)).toBeGreaterThan(50);
    expect(Number(waiting.retryAfter)).toBeLessThanOrEqual(60);
  });

  it('keeps the failures in the database, where every server process sees them', async () => {
    const { login } = await newUser();
    // PostgreSQL: a second server process's worth (pools, listeners) on the same database; PGlite has one
    const other = s.databaseUrl ? await startServer({}, { databaseUrl: s.databaseUrl }) : undefined;
    try {
      for (let i = 0; i < 5; i++) await signInRaw(s.url, login.toUpperCase(), 'bad-0000-x');
      if (other) expect((await signInRaw(other.url, login, 'Lamps-2026')).status).toBe(429);
      const [row] = await s.sql<{ failures: number; blocked_until: Date | null }>(
        'select failures, blocked_until from login_throttle where login = $1',
        [login],
      );
      expect(row?.failures).toBe(5);
      expect(row?.blocked_until).toBeTruthy();
    } finally {
      await other?.close();
    }
  });

  it('signs in the demo user through sign-test only', async () => {
    const demo = await s.demo();
    expect((await demo.call('GET', '/auth/me')).body).toMatchObject({
      login: 'demo',
      group: { name: 'Demo' },
    });
    expect(
      (await s.anonymous().call('POST', '/auth/sign-in', { login: 'demo', password: 'demo' })).status,
    ).toBe(401);
  });
});

describe(`session expiry on ${backend}`, () => {
  it('keeps a used session alive and expires an idle one with TokenIsExpiredError', async () => {
    const short = await startServer({ sessionTtlMinutes: 2 / 60 });
    try {
      await short.call('POST', '/api/v1/Users', {
        login: 'idle',
        password: 'Lamps-2026',
        type: 'ADMIN',
        ...(await needed('idle', short)),
      });
      const client = await short.signIn('idle', 'Lamps-2026');
      for (let i = 0; i < 6; i++) {
        await sleep(500);
        expect((await client.call('GET', '/auth/me')).status).toBe(200);
      }
      await sleep(2300);
      expect((await client.call('GET', '/auth/me')).body).toMatchObject({ code: 'TokenIsExpiredError' });
    } finally {
      await short.close();
    }
  });
});

describe(`password rules and user calls on ${backend}`, () => {
  it.each([
    ['short1', 'passwordTooShort'],
    ['onlyletters', 'passwordNotDifficult'],
    ['12345678', 'passwordNotDifficult'],
    // the common-password list, whatever the case
    ['password123', 'passwordNotDifficult'],
    ['Qwerty123', 'passwordNotDifficult'],
    ['1q2w3e4r5t', 'passwordNotDifficult'],
    // eight nearly identical characters
    ['aaaaaaa1', 'passwordNotDifficult'],
    ['Aa1Aa1Aa1Aa1', 'passwordNotDifficult'],
  ])('refuses %s as %s', async (password, reason) => {
    const res = await s.call('POST', '/api/v1/Users', {
      login: 'pw',
      password,
      group: groupId,
      ...(await needed('pw')),
    });
    expect(res.body).toMatchObject({ code: 'IsInvalidError', fields: ['password'], reason });
  });

  it('says a refused password in the language of the user, from the catalogue', async () => {
    const ru = await s.call(
      'POST',
      '/api/v1/Users',
      { login: 'pw', password: 'password123', group: groupId, ...(await needed('pw')) },
      { 'accept-language': 'ru' },
    );
    expect(ru).toMatchObject({
      status: 400,
      body: { code: 'IsInvalidError', message: 'Неверные данные', reason: 'passwordNotDifficult' },
    });
    const me = (await s.call('GET', '/auth/me')).body._id;
    const changed = await s.call('PATCH', `/api/v1/Users/${me}`, { password: 'iloveyou1' });
    expect(changed.body).toMatchObject({
      code: 'IsInvalidError',
      message: 'Is invalid',
      fields: ['password'],
    });
  });

  it('refuses a password equal to the login, and a confirmation that differs', async () => {
    const same = await s.call('POST', '/api/v1/Users', {
      login: 'night2026',
      password: 'Night2026',
      group: groupId,
      ...(await needed('night2026')),
    });
    expect(same.body.reason).toBe('passwordNotDifficult');
    const res = await s.call('POST', '/api/v2/users/create-on-group', {
      groupId,
      user: { login: 'pw2', password: 'Lamps-2026', passwordConfirm: 'Lamps-2027', ...(await needed('pw2')) },
    });
    expect(res.body).toMatchObject({ code: 'IsInvalidError', reason: 'passwordsNotEqual' });
  });

  it('creates on a group and updates a user, password rules included', async () => {
    const created = await s.call('POST', '/api/v2/users/create-on-group', {
      groupId,
      user: {
        login: 'pw3',
        password: 'Lamps-2026',
        passwordConfirm: 'Lamps-2026',
        email: 'pw3@city.example',
        role: await s.plainRole(),
      },
    });
    expect(created.body.result).toMatchObject({ login: 'pw3', group: groupId, type: 'NORMAL' });
    const weak = await s.call('POST', '/api/v2/users/update', {
      _id: created.body.result._id,
      password: 'weak',
    });
    expect(weak.body.reason).toBe('passwordTooShort');
    const ok = await s.call('POST', '/api/v2/users/update', {
      id: created.body.result._id,
      phone: '+1 617 555 0100',
    });
    expect(ok.body.result.phone).toBe('+1 617 555 0100');
  });

  it('creates a group, its city and its administrator in one transaction', async () => {
    const role = await s.plainRole();
    const body = (login: string, group = login) => ({
      group: { name: `Somerville ${group}`, timezone: 'America/New_York' },
      city: { name: { 'en-us': 'Somerville', ru: 'Сомервилл' }, lat: 42.3876, lon: -71.0995 },
      user: {
        login,
        password: 'Lamps-2026',
        passwordConfirm: 'Lamps-2026',
        role,
        email: `${login}@example.org`,
      },
    });
    const ok = await s.call('POST', '/api/v2/users/create-with-group', body('somer'));
    expect(ok.status).toBe(201);
    expect(ok.body.result.user).toMatchObject({ type: 'GROUPADMIN', group: ok.body.result.group._id });
    expect(ok.body.result.group.cities).toEqual([ok.body.result.city._id]);
    const before = await Promise.all(
      ['Groups', 'Cities', 'Users'].map((e) => s.call('GET', `/api/v1/${e}?limit=1`)),
    );
    // city and group are written before the user fails on its duplicate login: both must be rolled back
    const failed = await s.call('POST', '/api/v2/users/create-with-group', body('somer', 'other'));
    expect(failed.body).toMatchObject({ error: true, code: 'AlreadyExistsError', fields: ['login'] });
    const after = await Promise.all(
      ['Groups', 'Cities', 'Users'].map((e) => s.call('GET', `/api/v1/${e}?limit=1`)),
    );
    expect(after.map((r) => r.body.total)).toEqual(before.map((r) => r.body.total));
  });

  it('lets the administrator it creates work: the group and its cities are theirs to read', async () => {
    const made = await s.call('POST', '/api/v2/users/create-with-group', {
      group: { name: 'Medford', timezone: 'America/New_York' },
      city: { name: { 'en-us': 'Medford', ru: 'Медфорд' }, lat: 42.4184, lon: -71.1062 },
      user: { login: 'medford-admin', password: 'Lamps-2026', ...(await needed('medford-admin')) },
    });
    expect(made.status).toBe(201);
    const ga = await s.signIn('medford-admin', 'Lamps-2026');
    // what the console asks first: a 403 here signs the user out (spec §7)
    const cities = await ga.call('GET', '/api/v1/Cities?limit=100');
    expect(cities.status).toBe(200);
    expect(cities.body.data.map((c: { _id: number }) => c._id)).toEqual([made.body.result.city._id]);
    expect((await ga.call('GET', `/api/v1/Cities/${made.body.result.city._id}`)).status).toBe(200);
    expect((await ga.call('GET', '/api/v1/Groups')).status).toBe(200);
    expect((await ga.call('GET', '/api/v1/Users?limit=1')).status).toBe(200);
    // reading is all: cities are shared between groups, so only their role lets them change one
    const renamed = await ga.call('PATCH', `/api/v1/Cities/${made.body.result.city._id}`, { lat: 42.42 });
    expect(renamed.status).toBe(403);
  });

  it('lets nobody grant a user type above their own', async () => {
    const ga = await s.call('POST', '/api/v1/Users', {
      login: 'ga1',
      password: 'Lamps-2026',
      group: groupId,
      type: 'GROUPADMIN',
      ...(await needed('ga1')),
    });
    const gaClient = await s.signIn('ga1', 'Lamps-2026');
    const admin = await gaClient.call('POST', '/api/v1/Users', {
      login: 'evil',
      password: 'Lamps-2026',
      type: 'ADMIN',
      ...(await needed('evil')),
    });
    expect(admin.body).toMatchObject({ code: 'PermissionDeniedError', fields: ['type'] });
    const own = await gaClient.call('PATCH', `/api/v1/Users/${ga.body._id}`, { type: 'ADMIN' });
    expect(own.status).toBe(403);
    const normal = await gaClient.call('POST', '/api/v1/Users', {
      login: 'helper1',
      password: 'Lamps-2026',
      ...(await needed('helper1')),
    });
    expect(normal.body).toMatchObject({ type: 'NORMAL', group: groupId });
  });

  it('offers role defaults and copies, and a saved role takes effect at once', async () => {
    const defaults = await s.call('GET', '/api/v2/roles/default');
    expect(defaults.body.result.accessRights.Cabinets).toEqual({ view: true, list: true });
    const role = await s.call('POST', '/api/v1/Roles', {
      name: 'Meter reader',
      accessRights: { Meters: { view: true } },
    });
    const copy = await s.call('POST', '/api/v2/roles/copy', { _id: role.body._id, name: 'Meter reader 2' });
    expect(copy.body.result).toMatchObject({
      name: 'Meter reader 2',
      accessRights: { Meters: { view: true } },
    });
    await s.call('POST', '/api/v1/Users', {
      login: 'reader',
      password: 'Lamps-2026',
      group: groupId,
      role: role.body._id,
      email: 'reader@example.org',
    });
    const reader = await s.signIn('reader', 'Lamps-2026');
    expect((await reader.call('GET', '/api/v1/Cabinets')).status).toBe(403);
    const saved = await s.call('PATCH', `/api/v1/Roles/${role.body._id}`, {
      accessRights: { Meters: { view: true }, Cabinets: { view: true } },
    });
    expect(saved.body.accessRights.Cabinets).toEqual({ view: true });
    expect((await reader.call('GET', '/api/v1/Cabinets')).status).toBe(200);
  });
});

describe(`first start and attribution on ${backend}`, () => {
  it('limits sign-in attempts per address', async () => {
    const limited = await startServer({ signInPerMinute: 3 });
    try {
      // the harness's own admin sign-in was the first of the three this minute
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await limited.anonymous().call('POST', '/auth/sign-in', { login: `who${i}`, password: 'x' }))
            .status,
        );
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts the per-address limit by the client behind a trusted proxy, and by the proxy otherwise', async () => {
    const behind = await startServer({ signInPerMinute: 3, trustedProxy: '127.0.0.1' });
    const direct = await startServer({ signInPerMinute: 3 });
    try {
      const tries = async (url: string, address: string) => {
        const statuses = [];
        for (let i = 0; i < 4; i++)
          statuses.push((await signInRaw(url, `who${i}`, 'x', { 'x-forwarded-for': address })).status);
        return statuses;
      };
      // each client its own three a minute, whatever the proxy's own address has used
      expect(await tries(behind.url, '203.0.113.7')).toEqual([401, 401, 401, 429]);
      expect(await tries(behind.url, '203.0.113.8')).toEqual([401, 401, 401, 429]);
      // a header from a caller that is no trusted proxy is not believed: one address, already used once
      expect(await tries(direct.url, '203.0.113.9')).toEqual([401, 401, 429, 429]);
      // the session records the client's address too
      const signedIn = await signInRaw(behind.url, 'admin', ADMIN_PASSWORD, {
        'x-forwarded-for': '198.51.100.4',
      });
      expect(signedIn.status).toBe(200);
      expect(await behind.sql(`select 1 from sessions where ip = '198.51.100.4'`)).toHaveLength(1);
    } finally {
      await behind.close();
      await direct.close();
    }
  });

  it('counts failures per login and address together: a stranger elsewhere never delays the owner', async () => {
    const behind = await startServer({ trustedProxy: '127.0.0.1' });
    try {
      await behind.call('POST', '/api/v1/Users', {
        login: 'owner',
        password: 'Lamps-2026',
        type: 'ADMIN',
        ...(await needed('owner', behind)),
      });
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const stranger = [];
      for (let i = 0; i < 8; i++)
        stranger.push((await signInRaw(behind.url, 'OWNER', `wrong-${i}-x`, from('203.0.113.66'))).status);
      expect(stranger).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      // the owner, from another address, is neither refused nor kept waiting
      expect((await signInRaw(behind.url, 'owner', 'Lamps-2026', from('198.51.100.23'))).status).toBe(200);
      // nor does the owner's success clear the stranger's wait
      expect(await signInRaw(behind.url, 'owner', 'Lamps-2026', from('203.0.113.66'))).toMatchObject({
        status: 429,
        body: { code: 'UnauthorizedError', reason: 'tooManyAttempts' },
      });
      const rows = await behind.sql<{ address: string; failures: number }>(
        'select address, failures from login_throttle where login = $1',
        ['owner'],
      );
      expect(rows).toEqual([{ address: '203.0.113.66', failures: 5 }]);
    } finally {
      await behind.close();
    }
  });

  it('marks the session cookies Secure over TLS as a trusted proxy reports it, never on a plain request', async () => {
    const behind = await startServer({ trustedProxy: '127.0.0.1' });
    try {
      const secure = (cookies: string[]) => cookies.map((c) => /;\s*Secure/i.test(c));
      const tls = await signInRaw(behind.url, 'admin', ADMIN_PASSWORD, { 'x-forwarded-proto': 'https' });
      expect(tls.status).toBe(200);
      expect(secure(tls.cookies)).toEqual([true, true]);
      const plain = await signInRaw(behind.url, 'admin', ADMIN_PASSWORD);
      expect(secure(plain.cookies)).toEqual([false, false]);
      // the same header from a caller that is no trusted proxy says nothing
      const forged = await signInRaw(s.url, 'admin', ADMIN_PASSWORD, { 'x-forwarded-proto': 'https' });
      expect(secure(forged.cookies)).toEqual([false, false]);
    } finally {
      await behind.close();
    }
  });

  it('refuses to start with an ADMIN_PASSWORD that breaks the rules', async () => {
    await expect(startServer({ adminPassword: 'admin' })).rejects.toThrow(/ADMIN_PASSWORD/);
    // long enough, letters and digits, but one of the most used passwords
    await expect(startServer({ adminPassword: 'Password123' })).rejects.toThrow(/ADMIN_PASSWORD/);
  });

  it('stores passwords as argon2id and records who wrote what', async () => {
    const me = (await s.call('GET', '/auth/me')).body._id;
    const created = await s.call('POST', '/api/v1/Types', { name: 'Boulevard' });
    expect(created.body).toMatchObject({ createdBy: me, updatedBy: me });
    const { hashOf } = await import('./db-peek.ts');
    expect(await hashOf(s, 'admin')).toMatch(/^\$argon2id\$/);
  });
});
