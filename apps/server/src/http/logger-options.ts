import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';

/**
 * A terminal gets one readable line per event; anything else (a file, a collector, CI) gets pino's JSON lines.
 * The pretty stream runs in this thread rather than as a pino transport: a worker thread more for a person
 * watching the log is not worth it.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>,
  destination: NodeJS.WritableStream = process.stdout,
): FastifyServerOptions['logger'] {
  if (config.logFormat !== 'pretty') return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination }),
  };
}
