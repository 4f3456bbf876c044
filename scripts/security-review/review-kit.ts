import fs from 'node:fs';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Client } from '../../apps/server/test/harness.ts';

/** One attack of the outside review, rerun: how often it was tried, and how often it got through. */
export type Finding = { attack: string; attempts: number; through: number; seen: string };

export type Device = { id: number; mac: string; module: string; moduleId: number; secret: string };

export type Review = {
  brokerUrl: string;
  pid: number;
  root: Client;
  /** the administrators of two groups that share nothing */
  adminA: Client;
  adminB: Client;
  a: Device;
  b: Device;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What `p` gives within `ms`, else `fallback` (a broker that refuses a publish may never acknowledge it). */
export const within = <T>(p: Promise<T>, ms: number, fallback: T) =>
  Promise.race([p.catch(() => fallback), sleep(ms).then(() => fallback)]);

export async function connect(url: string, opts: IClientOptions): Promise<MqttClient | undefined> {
  return mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 4000, ...opts }).catch(() => undefined);
}

export const as = (r: Review, d: Device, opts: IClientOptions = {}) =>
  connect(r.brokerUrl, { clientId: d.mac, username: d.mac, password: d.secret, ...opts });

/** The server process's resident memory, in MB. */
export function rssMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

export const field = async (r: Review) => (await r.root.call('GET', '/health')).body.field;
export const moduleRow = async (r: Review, d: Device) =>
  (await r.root.call('GET', `/api/v1/LuminaryModules/${d.moduleId}`)).body;
export const controllerRow = async (r: Review, d: Device) =>
  (await r.root.call('GET', `/api/v1/Controllers/${d.id}`)).body;

/** Publishes as that controller on a connection of its own (a broker may end one that broke its rules). */
export async function publishAs(r: Review, d: Device, to: string, payload: string) {
  const c = await as(r, d);
  await within(c?.publishAsync(to, payload, { qos: 1 }) ?? Promise.resolve(undefined), 1500, undefined);
  await within(c?.endAsync(true) ?? Promise.resolve(), 1000, undefined);
}

/** Signs `c` in, waiting out the per-address limit's 429s: an attack must not mistake them for its refusal. */
export async function signIn(c: Client, login: string, password: string) {
  for (;;) {
    const res = await c.call('POST', '/auth/sign-in', { login, password });
    if (res.status !== 429 || res.body?.reason !== 'tooManyAttempts') return res;
    await sleep(5000);
  }
}

/** What `read` gives once `done` holds, or after 15 s, whatever it is then (the finding reports it). */
export async function settledOn<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await sleep(200);
  }
}
