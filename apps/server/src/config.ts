import path from 'node:path';
import { DEFAULT_OFFLINE_FACTOR } from '@sl/domain';
import { DEFAULT_HISTORY_DAYS } from './field/history.ts';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './http/stream-slots.ts';

// The runtime interface of DESIGN.md §4.

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  mqttUrl?: string;
  /** the server's own credential on an external broker (MQTT_USERNAME, MQTT_PASSWORD) */
  mqttUsername?: string;
  mqttPassword?: string;
  mqttPort: number;
  /** MQTT_PORT was given; otherwise a taken default port falls back to a free one */
  mqttPortExplicit: boolean;
  adminPassword?: string;
  demo: boolean;
  webDist: string;
  logLevel: string;
  /** readable lines for a person at a terminal, JSON lines for a log collector */
  logFormat: 'pretty' | 'json';
  /** how long a controller has to answer a command */
  commandTimeoutMs: number;
  /** sliding session lifetime */
  sessionTtlMinutes: number;
  /** sign-in attempts per address per minute */
  signInPerMinute: number;
  /**
   * TRUSTED_PROXY: the reverse proxy whose X-Forwarded-For / X-Forwarded-Proto are believed (Fastify's
   * trustProxy): `true` for any, a hop count, or addresses and CIDR ranges separated by commas. Unset: none.
   */
  trustedProxy?: boolean | number | string;
  /** days of reading history kept; older day partitions are dropped (0: kept forever) */
  historyDays: number;
  /** how often devices are expected to report (REPORT_INTERVAL_S); silence is measured against it */
  reportIntervalMs: number;
  /** a device not heard for reportIntervalMs × this (OFFLINE_FACTOR) is offline */
  offlineFactor: number;
  /** how often the server looks for silent devices (OFFLINE_SWEEP_S) */
  offlineSweepMs: number;
  /** how often the ordering rules make work orders and done orders are proved by their night (MAINTENANCE_SWEEP_S) */
  maintenanceSweepMs?: number;
  /**
   * ENERGY_ROLLUPS=0: the hourly rollups of the readings are not kept (the energy reports then see nothing new);
   * bench:field's baseline for what they cost the ingest
   */
  energyRollups?: boolean;
  /** how long a lamp may disagree with its program before it burns by day or is out at night (LAMP_GRACE_S) */
  lampGraceMs: number;
  /** exports and unpaged lists open at once, per user and in all, and how long each may run or stall */
  streams: StreamLimits;
  /**
   * PG_POOL_WAIT_S: the longest a request waits for a connection of the PostgreSQL pool; then it is answered 503
   * (ServiceConnectionError, reason databaseBusy) rather than held for as long as others hold the pool
   */
  poolWaitMs: number;
};

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 65535)
      throw new Error(`${name} must be a port number, got ${raw}`);
    return n;
  };
  return {
    port: int('PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    mqttUrl: env.MQTT_URL || undefined,
    mqttUsername: env.MQTT_USERNAME || undefined,
    mqttPassword: env.MQTT_PASSWORD || undefined,
    mqttPort: int('MQTT_PORT', 1883),
    mqttPortExplicit: Boolean(env.MQTT_PORT),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demo: env.DEMO === '1' || env.DEMO === 'true',
    webDist: process.env.WEB_DIST || path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormat(env.LOG_FORMAT),
    sessionTtlMinutes: Number(env.SESSION_TTL_MINUTES) > 0 ? Number(env.SESSION_TTL_MINUTES) : 720,
    signInPerMinute: Number(env.SIGNIN_PER_MINUTE) > 0 ? Number(env.SIGNIN_PER_MINUTE) : 20,
    trustedProxy: trustedProxy(env.TRUSTED_PROXY),
    commandTimeoutMs: Number(env.COMMAND_TIMEOUT_MS) > 0 ? Number(env.COMMAND_TIMEOUT_MS) : 5000,
    historyDays: int('HISTORY_DAYS', DEFAULT_HISTORY_DAYS),
    reportIntervalMs: positive(env.REPORT_INTERVAL_S, 60) * 1000,
    offlineFactor: positive(env.OFFLINE_FACTOR, DEFAULT_OFFLINE_FACTOR),
    offlineSweepMs: positive(env.OFFLINE_SWEEP_S, 10) * 1000,
    maintenanceSweepMs: positive(env.MAINTENANCE_SWEEP_S, 60) * 1000,
    energyRollups: env.ENERGY_ROLLUPS !== '0',
    lampGraceMs: positive(env.LAMP_GRACE_S, DEFAULT_LAMP_GRACE_S) * 1000,
    streams: {
      perUser: positive(env.STREAMS_PER_USER, DEFAULT_STREAM_LIMITS.perUser),
      // each holds a connection of the pool: half of it stays for everything else
      total: positive(env.STREAMS_MAX, Math.max(1, Math.floor(positive(env.PG_POOL_SIZE, 10) / 2))),
      deadlineMs: positive(env.STREAM_DEADLINE_S, DEFAULT_STREAM_LIMITS.deadlineMs / 1000) * 1000,
      stallMs: positive(env.STREAM_STALL_S, DEFAULT_STREAM_LIMITS.stallMs / 1000) * 1000,
    },
    poolWaitMs: positive(env.PG_POOL_WAIT_S, DEFAULT_POOL_WAIT_S) * 1000,
  };
}

const DEFAULT_LAMP_GRACE_S = 15 * 60;
const DEFAULT_POOL_WAIT_S = 10;
const positive = (raw: string | undefined, fallback: number) => (Number(raw) > 0 ? Number(raw) : fallback);

/** `true`/`false`, a hop count, or a list of addresses and CIDR ranges (spaces allowed after the commas). */
export function trustedProxy(raw: string | undefined): Config['trustedProxy'] {
  const value = raw?.trim();
  if (!value || value === 'false' || value === '0') return undefined;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}

function logFormat(raw: string | undefined): Config['logFormat'] {
  if (raw === 'pretty' || raw === 'json') return raw;
  if (raw) throw new Error(`LOG_FORMAT must be pretty or json, got ${raw}`);
  return process.stdout.isTTY ? 'pretty' : 'json';
}
