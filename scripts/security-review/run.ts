// Reruns the outside review's attacks of issue 16 against a server process of its own (embedded broker, PGlite in
// a temporary folder, or the PostgreSQL server of DATABASE_URL) and prints what each attack got, as a table that
// docs/security-review.md keeps. `npm run review:security`.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_PASSWORD, client, freshDatabase, type Answer } from '../../apps/server/test/harness.ts';
import { startServerProcess } from '../../apps/server/test/server-process.ts';
import { forgedReply, overreach, oversize, poison, strangers } from './broker-attacks.ts';
import { badInput, crossGroup, forgedRequests, lockout, selfGranted } from './http-attacks.ts';
import { colleagueEscalation } from './colleague-escalation.ts';
import { fuzzFilters } from './fuzz-filters.ts';
import { hostileMemory } from './hostile-memory.ts';
import { lockoutFromMany } from './stranger-lockout.ts';
import { demoStreams } from './stream-attacks.ts';
import type { Device, Finding, Review } from './review-kit.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-review-'));
const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
const brokerPort = await freePort();
// with the demo, as `npm start` runs: its password-free user is one of the attackers
const server = await startServerProcess(
  {
    MQTT_PORT: String(brokerPort),
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    COMMAND_TIMEOUT_MS: '3000',
    DEMO: '1',
  },
  { startMs: 300_000 },
);
try {
  console.error(`server at ${server.url}, broker on ${brokerPort}`);
  const root = client(server.url);
  await root.call('POST', '/auth/sign-in', { login: 'admin', password: ADMIN_PASSWORD });
  // a setup step that fails would make every attack after it look like a success or a crash: it stops the run
  const must = async (what: string, answer: Promise<Answer>, status = 201) => {
    const res = await answer;
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  // every user needs a role (spec §5): one that grants nothing beyond the user's type
  const role = (
    await must(
      'role',
      root.call('POST', '/api/v1/Roles', { name: 'Review: no rights of its own', accessRights: {} }),
    )
  )._id;
  const groupAdmin = async (name: string, n: number): Promise<[ReturnType<typeof client>, Device]> => {
    const group = (await must('group', root.call('POST', '/api/v1/Groups', { name })))._id;
    const login = `review-admin-${n}`;
    await must(
      'user',
      root.call('POST', '/api/v1/Users', {
        login,
        password: 'Lamps-2026-review',
        group,
        type: 'GROUPADMIN',
        role,
        email: `${login}@example.org`,
      }),
    );
    const c = client(server.url);
    await must('sign-in', c.call('POST', '/auth/sign-in', { login, password: 'Lamps-2026-review' }), 200);
    const mac = `0243EE00000${n}`;
    const made = await must('controller', c.call('POST', '/api/v1/Controllers', { uid: `REVIEW-${n}`, mac }));
    const module = `024DEE000000000${n}`;
    const lamp = await must(
      'module',
      c.call('POST', '/api/v1/LuminaryModules', { mac: module, controller: made._id }),
    );
    return [c, { id: made._id, mac, module, moduleId: lamp._id, secret: made.secret }];
  };
  const [adminA, a] = await groupAdmin('Review A', 1);
  const [adminB, b] = await groupAdmin('Review B', 2);
  const review: Review = {
    brokerUrl: `mqtt://127.0.0.1:${brokerPort}`,
    pid: server.child.pid!,
    root,
    adminA,
    adminB,
    a,
    b,
  };

  // REVIEW_ONLY=streams,fuzz runs only those
  const attacks: [string, () => Promise<Finding | Finding[]>][] = [
    ['strangers', () => strangers(review)],
    ['overreach', () => overreach(review)],
    ['forged-reply', () => forgedReply(review)],
    ['oversize', () => oversize(review)],
    ['poison', () => poison(review)],
    ['self-granted', () => selfGranted(review, server.url)],
    ['cross-group', () => crossGroup(review)],
    ['csrf', () => forgedRequests(review)],
    ['bad-input', () => badInput(review)],
    ['lockout', () => lockout(server.url, ADMIN_PASSWORD)],
    ['colleague', () => colleagueEscalation(review, server.url)],
    ['fuzz', () => fuzzFilters(review, server.url)],
    ['streams', () => demoStreams(review, server.url, database?.url)],
    ['lockout-many', () => lockoutFromMany(server.url, ADMIN_PASSWORD)],
    ['memory', () => hostileMemory(review, server.url)],
  ];
  const only = process.env.REVIEW_ONLY?.split(',');
  const findings: Finding[] = [];
  for (const [name, attack] of attacks) {
    if (only && !only.includes(name)) continue;
    const started = Date.now();
    const found = [await attack()].flat();
    console.error(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    for (const f of found) console.error(`${f.attack}: ${f.through} of ${f.attempts} through (${f.seen})`);
    findings.push(...found);
  }
  const rows = findings.map((f) => `| ${f.attack} | ${f.attempts} | ${f.through} | ${f.seen} |`);
  const table = [
    '| attack | attempts | got through | what the server did |',
    '| --- | ---: | ---: | --- |',
    ...rows,
  ].join('\n');
  const through = findings.reduce((n, f) => n + f.through, 0);
  console.log(
    `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, embedded broker\n\n${table}\n\n${through} got through`,
  );
  process.exitCode = through ? 1 : 0;
} finally {
  await server.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
