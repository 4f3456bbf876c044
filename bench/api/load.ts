import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/connect.ts';
import { posts, type Post } from './posts.ts';

export type Loaded = { posts: number; cabinetIds: number[]; postIds: { min: number; max: number } };

const BATCH = 20_000;

/** Drops and recreates the database named in `benchUrl`, connecting to `adminUrl` to do so. */
export async function recreateDatabase(adminUrl: string, benchUrl: string): Promise<void> {
  const name = new URL(benchUrl).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** Runs the server's migrations, then loads one group, the cabinets and `count` lamp posts. */
export async function load(benchUrl: string, count: number, perCabinet: number): Promise<Loaded> {
  const database = await openDatabase({ databaseUrl: benchUrl });
  await database.close();

  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    const group = await client.query<{ _id: string }>(
      `insert into groups (name, timezone) values ('Bench', 'America/New_York') returning _id`,
    );
    const groupId = Number(group.rows[0]!._id);
    const cabinets = await client.query<{ _id: string }>(
      `insert into cabinets (uid, "group")
       select 'CAB-' || lpad(n::text, 5, '0'), $1 from generate_series(1, $2) n order by n returning _id`,
      [groupId, Math.ceil(count / perCabinet)],
    );
    const cabinetIds = cabinets.rows.map((r) => Number(r._id)).sort((a, b) => a - b);

    let batch: Post[] = [];
    for (const post of posts(count, perCabinet)) {
      batch.push(post);
      if (batch.length === BATCH) {
        await insertPosts(client, batch, groupId, cabinetIds);
        batch = [];
      }
    }
    if (batch.length) await insertPosts(client, batch, groupId, cabinetIds);

    // A cabinet stands at the middle of the posts it feeds.
    await client.query(
      `update cabinets c set location_lon = p.lon, location_lat = p.lat
       from (select cabinet, avg(location_lon) lon, avg(location_lat) lat
             from luminary_supports group by cabinet) p
       where c._id = p.cabinet`,
    );
    await client.query('vacuum analyze');
    const ids = await client.query<{ min: string; max: string; n: string }>(
      'select min(_id), max(_id), count(*) n from luminary_supports',
    );
    const { min, max, n } = ids.rows[0]!;
    return { posts: Number(n), cabinetIds, postIds: { min: Number(min), max: Number(max) } };
  } finally {
    await client.end();
  }
}

async function insertPosts(client: pg.Client, batch: Post[], groupId: number, cabinetIds: number[]) {
  const sockets = batch.map((p) =>
    JSON.stringify(Array.from({ length: p.socketCount }, (_, k) => ({ phase: (k % 3) + 1, height: 8 }))),
  );
  await client.query(
    `insert into luminary_supports
       (uid, street, socket_count, sockets, cabinet, "group", location_lon, location_lat)
     select uid, street, socket_count, sockets::jsonb, cabinet, $8, lon, lat
     from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::bigint[], $6::float8[], $7::float8[])
       as t(uid, street, socket_count, sockets, cabinet, lon, lat)`,
    [
      batch.map((p) => p.uid),
      batch.map((p) => p.street),
      batch.map((p) => p.socketCount),
      sockets,
      batch.map((p) => cabinetIds[p.cabinet]),
      batch.map((p) => p.lon),
      batch.map((p) => p.lat),
      groupId,
    ],
  );
}
