import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/connect.ts';
import type { PgliteThread } from '../src/db/pglite-thread.ts';

// A run's test servers start from one migrated database made by its global setup, not each from nothing: PGlite
// runs initdb whenever it starts empty (seconds of CPU per server), and the migrations take a second per server
// on PostgreSQL. Every server still runs the migrations and installs itself; they skip what is done.

const PGLITE_IMAGE = 'SL_PGLITE_IMAGE';
/** Names the run's migrated template database on the PostgreSQL server of DATABASE_URL. */
export const POSTGRES_TEMPLATE = 'SL_POSTGRES_TEMPLATE';

/** Makes the run's migrated database (PGlite's or, with DATABASE_URL, PostgreSQL's); returns its removal. */
export function makeRunDatabase(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  return url ? makePostgresTemplate(url) : makePgliteImage();
}

async function makePgliteImage(): Promise<() => Promise<void>> {
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: PgliteThread }).$client;
  const file = path.join(os.tmpdir(), `sl-pglite-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  process.env[PGLITE_IMAGE] = file;
  return () => rm(file, { force: true });
}

async function makePostgresTemplate(baseUrl: string): Promise<() => Promise<void>> {
  const name = `sl_template_${process.pid}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // closed again before any copy: PostgreSQL copies only a template nobody is connected to
  await (await openDatabase({ databaseUrl: url.toString() })).close();
  process.env[POSTGRES_TEMPLATE] = name;
  return () => admin(`drop database if exists ${name} with (force)`);
}

let image: Promise<Blob | undefined> | undefined;

/** The run's migrated PGlite data directory, or undefined outside a run that made one. */
export function pgliteImage(): Promise<Blob | undefined> {
  const file = process.env[PGLITE_IMAGE];
  image ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return image;
}
