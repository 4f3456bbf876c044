import { client } from '../../apps/server/test/harness.ts';
import { sleep, type Finding, type Review } from './review-kit.ts';

const PASSWORD = 'Lamps-2026-review';

/** A user with Users.edit giving themselves, or another, rights they do not hold. */
export async function selfGranted(r: Review, url: string): Promise<Finding> {
  const role = async (name: string, accessRights: object) =>
    (await r.root.call('POST', '/api/v1/Roles', { name: `Review ${name}`, accessRights })).body._id as number;
  const editor = await role('editor', { Users: { view: true, list: true, edit: true } });
  const everything = await role('everything', {
    Users: { view: true, edit: true },
    control: { view: true, command: true },
  });
  const bob = (
    await r.adminA.call('POST', '/api/v1/Users', {
      login: 'review-bob',
      password: PASSWORD,
      role: editor,
      type: 'NORMAL',
      email: 'review-bob@example.org',
    })
  ).body._id;
  const asBob = client(url);
  // refused at the door, every try below would be a 401 and look like a defence
  const signed = await asBob.call('POST', '/auth/sign-in', { login: 'review-bob', password: PASSWORD });
  if (signed.status !== 200) throw new Error(`review-bob could not sign in: ${signed.status}`);
  const tries = [
    await asBob.call('PATCH', `/api/v1/Users/${bob}`, { role: everything }),
    await asBob.call('PATCH', `/api/v1/Users/${bob}`, { type: 'GROUPADMIN' }),
    await asBob.call('POST', '/api/v1/Users', {
      login: 'review-eve',
      password: PASSWORD,
      role: everything,
      email: 'review-eve@example.org',
    }),
    await asBob.call('GET', `/api/v1/control/lighting?by=id&id=${r.a.moduleId}&raw=10`),
  ];
  const through = tries.filter((t) => t.status < 300).length;
  return {
    attack: 'self-granted rights (a NORMAL user with Users.edit)',
    attempts: tries.length,
    through,
    seen: `answers ${tries.map((t) => t.status).join(', ')}`,
  };
}

/** Another group's objects, by id, through every method. */
export async function crossGroup(r: Review): Promise<Finding> {
  const targets = [
    `/api/v1/Controllers/${r.a.id}`,
    `/api/v1/LuminaryModules/${r.a.moduleId}`,
    `/api/v2/Controllers?id=${r.a.id}`,
    `/api/v2/lighting/lamps/${r.a.moduleId}`,
  ];
  let attempts = 0;
  let through = 0;
  for (const path of targets) {
    for (const [method, body] of [['GET'], ['PATCH', { uid: 'stolen' }], ['DELETE']] as const) {
      if (method !== 'GET' && path.includes('?')) continue;
      if (method !== 'GET' && path.includes('lighting')) continue;
      attempts += 1;
      const res = await r.adminB.call(method, path, body);
      if (res.status < 300) through += 1;
    }
  }
  for (const q of [
    `/api/v1/LuminaryModules?controller=${r.a.id}`,
    `/api/v1/LuminaryModules?mac=${r.a.module}`,
    `/api/v1/Controllers?q=${r.a.mac}`,
  ]) {
    attempts += 1;
    const res = await r.adminB.call('GET', q);
    if (res.body.total > 0) through += 1;
  }
  for (const dim of [`by=id&id=${r.a.moduleId}`, `by=mac&mac=${r.a.module}`, `by=controller&id=${r.a.id}`]) {
    attempts += 1;
    const res = await r.adminB.call('GET', `/api/v1/control/lighting?${dim}&raw=5`);
    if (res.body.code === 0) through += 1;
  }
  return {
    attack: "another group's objects by id, filter and control",
    attempts,
    through,
    seen: `${through} answered with the other group's data`,
  };
}

/** Changes without the CSRF token, or from another origin. */
export async function forgedRequests(r: Review): Promise<Finding> {
  const noToken = { 'x-csrf-token': '' };
  const tries = [
    await r.adminA.call('POST', '/api/v1/Vendors', { name: 'csrf' }, noToken),
    await r.adminA.call(
      'GET',
      `/api/v1/control/lighting?by=id&id=${r.a.moduleId}&raw=20`,
      undefined,
      noToken,
    ),
    await r.adminA.call('POST', '/api/v1/Vendors', { name: 'origin' }, { origin: 'http://evil.example' }),
    await r.adminA.call('POST', '/api/v1/Vendors', { name: 'csrf' }, { 'x-csrf-token': '\u00e9\u00ff' }),
  ];
  const through = tries.filter((t) => t.status < 300).length;
  return {
    attack: 'changes without the CSRF token or from another origin',
    attempts: tries.length,
    through,
    seen: `answers ${tries.map((t) => t.status).join(', ')}`,
  };
}

/** Inputs that once gave 500. */
export async function badInput(r: Review): Promise<Finding> {
  const paths = [
    '/api/v1/LuminaryModules?q=%00',
    '/api/v1/LuminaryModules?pwm=99999999999',
    '/api/v1/LuminaryModules?pwm_gte=9999999999',
    '/api/v1/Luminaries?installationDate=2026-02-30',
    '/api/v1/LuminaryModules?updatedAt_gte=2024-02-30',
    '/api/v1/LuminaryModules?updatedAt_gte=0000-01-01',
    '/api/v1/LuminaryModules/99999999999999999999',
    '/api/v1/LuminaryModules?sort=__proto__',
    '/api/v1/%E0%A4%A',
    '/api/v2/lighting/sun?lat=91&lon=0&date=2026-02-30&tz=Nowhere/City',
  ];
  const bodies = [
    '{"name":"\\u0000"}',
    '{"name":"\\ud800"}',
    '{"name":',
    `{"name":"${'x'.repeat(2_000_000)}"}`,
    '[]',
  ];
  const answers = [
    ...(await Promise.all(paths.map((p) => r.adminA.call('GET', p)))),
    ...(await Promise.all(bodies.map((b) => r.adminA.raw('POST', '/api/v1/Vendors', b)))),
  ];
  const fivehundreds = answers.filter((a) => a.status >= 500).length;
  const uncatalogued = answers.filter((a) => typeof a.body?.code !== 'string').length;
  return {
    attack: 'NUL, huge numbers, impossible dates, broken JSON, lone surrogates',
    attempts: answers.length,
    through: fivehundreds,
    seen: `${fivehundreds} answered 5xx; ${uncatalogued} without a catalogue code`,
  };
}

/** Throttling used to lock the administrator out: after many wrong passwords, does the right one still work? */
export async function lockout(url: string, password: string): Promise<Finding> {
  const c = client(url);
  for (let i = 0; i < 12; i++)
    await c.call('POST', '/auth/sign-in', { login: 'admin', password: `wrong-${i}` });
  const started = Date.now();
  for (;;) {
    const res = await c.call('POST', '/auth/sign-in', { login: 'admin', password });
    if (res.status === 200) break;
    if (res.status !== 429 || Date.now() - started > 180_000) {
      return {
        attack: 'lock the administrator out with wrong passwords',
        attempts: 12,
        through: 1,
        seen: `the right password answered ${res.status}`,
      };
    }
    await sleep(Math.max(250, Number(res.body?.retryAfter ?? 1) * 250));
  }
  return {
    attack: 'lock the administrator out with wrong passwords',
    attempts: 12,
    through: 0,
    seen: `the right password got in after ${((Date.now() - started) / 1000).toFixed(1)} s of backoff`,
  };
}
