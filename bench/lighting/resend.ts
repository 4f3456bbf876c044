import pg from 'pg';
import { recreateDatabase } from '../api/load.ts';
import { startNode, stopAll, stopNode } from '../api/processes.ts';
import { ADMIN_PASSWORD } from '../api/session.ts';
import { benchGroup, call, signIn } from '../field/dim.ts';
import { fleet } from '../field/fleet.ts';
import { startResponder } from './responder.ts';
import { seedFleet } from './seed-fleet.ts';

// The daily resend through the broker (issue 11 §4; goal ≤ 2 minutes): the server process on a fresh PostgreSQL
// database compiles every controller's program and sends it as a command through Mosquitto; the fleet answers
// with the simulator's device logic. Timed from the archive: the first program command written to the last
// acknowledgement recorded. Then the server is restarted: it must send nothing again.

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const WAIT_MS = 10 * 60_000;

/** One resend: the change saved → the first program command written → the last acknowledgement recorded. */
export type Phase = { startSeconds: number; sendSeconds: number; acknowledged: number };

export type Resend = {
  controllers: number;
  lamps: number;
  seedSeconds: number;
  /** the server started on the city: every lamp read, every table compiled and sent (as at each local noon) */
  full: Phase;
  /** the city moved: its controllers' places read again, every table compiled against the lamps as last read */
  city: Phase;
  /** a change to a profile: compiled against the lamps as last read, every table sent */
  rules: Phase;
  /** a change to one lamp (its own profile): its controller read, compiled and sent again, no other */
  lamp: Phase & { controllersSent: number };
  meanBytes: number;
  /** program commands written by the restarted server in the 30 s after it was up */
  afterRestart: number;
};

type Figures = { acknowledged: number; first: Date | null; last: Date | null; commands: number };

/** The program commands after command `since`. */
async function figures(pool: pg.Pool, since = 0): Promise<Figures> {
  const { rows } = await pool.query<Figures>(
    `select count(*) filter (where d.state = 'acknowledged')::int as acknowledged, min(c.created_at) as first,
      max(d.answered_at) as last, count(distinct c.id)::int as commands
    from commands c join command_devices d on d.command_id = c.id where c.type = 'program' and c.id > $1`,
    [since],
  );
  return rows[0]!;
}

async function lastCommand(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ id: number }>('select coalesce(max(id), 0)::int as id from commands');
  return rows[0]!.id;
}

/** Saves a change and waits until every controller acknowledged the programs it made. */
async function phase(
  pool: pg.Pool,
  controllers: number,
  change: () => Promise<unknown>,
): Promise<Phase & { controllersSent: number }> {
  const since = await lastCommand(pool);
  const saved = Date.now();
  await change();
  const deadline = Date.now() + WAIT_MS;
  let now = await figures(pool, since);
  while (now.acknowledged < controllers && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    now = await figures(pool, since);
  }
  return {
    startSeconds: now.first ? (now.first.getTime() - saved) / 1000 : NaN,
    sendSeconds: now.first && now.last ? (now.last.getTime() - now.first.getTime()) / 1000 : NaN,
    acknowledged: now.acknowledged,
    controllersSent: (
      await pool.query<{ n: number }>(
        `select count(distinct d.controller_mac)::int as n from commands c join command_devices d on d.command_id = c.id
        where c.type = 'program' and c.id > $1`,
        [since],
      )
    ).rows[0]!.n,
  };
}

export async function measureResend(controllers: number, perController: number): Promise<Resend> {
  const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: '/sl_bench_lighting' }).toString();
  await recreateDatabase(ADMIN_URL, benchUrl);
  const network = 0xc000 + (process.pid % 0x0fff);
  const city = fleet(controllers, perController, network);
  const env = {
    DATABASE_URL: benchUrl,
    MQTT_URL,
    LOG_LEVEL: 'warn',
    DEMO: '0',
    ADMIN_PASSWORD,
    COMMAND_TIMEOUT_MS: '30000',
  };
  let server = await startNode('server', 'apps/server/src/main.ts', env, '/health');
  const pool = new pg.Pool({ connectionString: benchUrl, max: 2 });
  const responder = await startResponder(MQTT_URL, city);
  try {
    let s = await signIn(server.url, ADMIN_PASSWORD);
    const { cityId, groupId } = await benchGroup(server.url, s, city);
    // the program first, then the fleet written past the registry's services: nothing goes out until the change
    const settings = { twil: 2, pwm0: 100, pwm1: 60, pwm2: 40, time1: '02:00', time2: '04:00' };
    const profile = await call<{ _id: number }>(server.url, s, 'POST', '/api/v1/Profiles', {
      name: 'Night dimming',
      kind: 'symmetrical',
      group: groupId,
      city: cityId,
      settings,
    });
    await call(server.url, s, 'POST', '/api/v1/Politics', {
      name: 'Bench',
      group: groupId,
      profile: profile._id,
    });
    const t0 = performance.now();
    await seedFleet(pool, { group: groupId, city: cityId, network, controllers, perController });
    const seedSeconds = (performance.now() - t0) / 1000;
    console.log(
      `seeded ${controllers} controllers, ${controllers * perController} lamps in ${seedSeconds.toFixed(0)} s`,
    );
    // a server reading the lamps follows, at its next change, the rows written up to a minute before that read (a
    // transaction may commit after it): the fleet is written longer ago, as an import is before the day's changes
    await new Promise((r) => setTimeout(r, 70_000));
    // the fleet was written past the services, which the running server is not told of: a started server reads it
    const restart = async () => {
      await stopNode(server.child);
      server = await startNode('server', 'apps/server/src/main.ts', env, '/health');
    };
    const full = await phase(pool, controllers, restart);
    console.log(`full: ${JSON.stringify(full)}`);
    s = await signIn(server.url, ADMIN_PASSWORD);
    // half a degree west: every sunset some two minutes later
    const moved = await phase(pool, controllers, () =>
      call(server.url, s, 'PATCH', `/api/v1/Cities/${cityId}`, { lon: city.lon - 0.5 }),
    );
    console.log(`city: ${JSON.stringify(moved)}`);
    const rules = await phase(pool, controllers, () =>
      call(server.url, s, 'PATCH', `/api/v1/Profiles/${profile._id}`, {
        settings: { ...settings, pwm1: 50 },
      }),
    );
    console.log(`rules: ${JSON.stringify(rules)}; responder ${JSON.stringify(responder.counts)}`);
    const own = await call<{ _id: number }>(server.url, s, 'POST', '/api/v1/Profiles', {
      name: 'One lamp',
      kind: 'onOff',
      group: groupId,
      settings: { pwm0: 80 },
    });
    const { rows: lamps } = await pool.query<{ _id: number }>(
      'select _id from luminary_modules where deleted_at is null order by _id limit 1',
    );
    const lamp = await phase(pool, 1, () =>
      call(server.url, s, 'PATCH', `/api/v1/LuminaryModules/${lamps[0]!._id}`, { profileId: own._id }),
    );
    console.log(`lamp: ${JSON.stringify(lamp)}`);

    const sent = await lastCommand(pool);
    await restart();
    await new Promise((r) => setTimeout(r, 30_000));
    return {
      controllers,
      lamps: controllers * perController,
      seedSeconds,
      full,
      city: moved,
      rules,
      lamp,
      meanBytes: responder.counts.programBytes / Math.max(1, responder.counts.programs),
      afterRestart: (await figures(pool, sent)).commands,
    };
  } finally {
    await responder.stop();
    await pool.end();
    await stopAll();
  }
}
