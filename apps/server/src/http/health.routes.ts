import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/connect.ts';
import type { Ingest } from '../field/ingest.ts';
import type { MapIndex } from '../map/map-index.ts';
import type { Broker } from '../plugins/broker.ts';

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  broker: z.object({ kind: z.enum(['embedded', 'external']), url: z.string(), connected: z.boolean() }),
  field: z.object({
    messages: z.number(),
    readings: z.number(),
    malformed: z.number(),
    unknownDevices: z.number(),
    /** module readings from a controller the module is not assigned to, dropped */
    foreignReadings: z.number(),
    /** messages over the size limit, dropped */
    oversize: z.number(),
    setAside: z.number(),
    /** writes of what arrived (one every half second): growing while the field is stored */
    flushes: z.number(),
    failedFlushes: z.number(),
    /** writes rolled back by a deadlock with another process and made again */
    retries: z.number(),
    /** the last ingest that failed as a whole, until one succeeds */
    failing: z.object({ at: z.string(), reason: z.string() }).optional(),
  }),
  map: z.object({ ready: z.boolean(), version: z.number(), devices: z.number() }),
  /** the demo's simulated field (DEMO=1): how many of its controllers are connected to the broker */
  simulator: z.object({ controllers: z.number(), connected: z.number() }).optional(),
  /** DEMO=1: the demo city is being written (its devices appear when it is done), or its field is running */
  demo: z.enum(['seeding', 'running']).optional(),
});

/** The demo's simulated field, once it runs. */
export type SimulatedField = {
  current?: { controllers: number; connected(): number };
  /** DEMO=1 and the demo city is still being written */
  seeding?: boolean;
};

/** 200 when the database answers, the broker is connected and field data is being stored; 503 otherwise, saying which. */
export function registerHealthRoutes(
  app: FastifyInstance,
  database: Database,
  broker: Broker,
  ingest: Ingest,
  mapIndex: MapIndex,
  simulated: SimulatedField,
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { schema: { tags: ['health'], response: { 200: health, 503: health } }, config: { access: 'public' } },
      async (_req, reply) => {
        const dbOk = await ping(database);
        const brokerOk = broker.connected();
        const status = dbOk && brokerOk && !ingest.failing ? 'ok' : 'degraded';
        // the server's own part of the answer's time (W3C Server-Timing), apart from the network's and the client's
        void reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
        return reply.status(status === 'ok' ? 200 : 503).send({
          status,
          database: { kind: database.kind, ok: dbOk },
          broker: {
            kind: broker.kind,
            url: broker.url.replace(/\/\/[^@/]*@/, '//***@'),
            connected: brokerOk,
          },
          field: { ...ingest.counters, ...(ingest.failing && { failing: ingest.failing }) },
          map: mapIndex.state,
          ...(simulated.seeding && { demo: 'seeding' as const }),
          ...(simulated.current && { demo: 'running' as const }),
          ...(simulated.current && {
            simulator: {
              controllers: simulated.current.controllers,
              connected: simulated.current.connected(),
            },
          }),
        });
      },
    );
}

/** Asked on a connection of health's own where there is one: a pool every request holds does not make it late. */
async function ping(database: Database): Promise<boolean> {
  if (!database.reserved) return database.ping();
  try {
    await database.reserved.service.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
