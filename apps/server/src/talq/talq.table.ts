import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A TALQ gateway beside its controller row (Controllers.protocol TALQ; its login is the controller's MAC and its
 * secret is the controller's, in device_secrets). `state` is how far its bootstrap (TALQ §5.1) went:
 * `new` (never announced), `announced` (addresses given), `services`, `classes`, `ready` (an empty class list
 * ended it); only a `ready` gateway's other requests are served.
 */
export const talqGateways = pgTable(
  'talq_gateways',
  {
    controllerId: bigint('controller_id', { mode: 'number' }).primaryKey(),
    gatewayUri: text('gateway_uri').notNull(),
    gatewayAddress: text('gateway_address'),
    cmsAddress: text('cms_address'),
    state: text('state').notNull().default('new'),
    services: jsonb('services'),
    deviceClasses: jsonb('device_classes').notNull().default([]),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true, mode: 'date' }),
    /** what the CMS last could not give the gateway (talq-gateway-problems.ts), until it could */
    problem: jsonb('problem'),
    problemAt: timestamp('problem_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('talq_gateways_address').on(t.gatewayAddress)],
);

/**
 * Each device a gateway announced, by its TALQ address (its identity), with what it was made into: a lamp control
 * module (with its lamp and mounting) when it has a LampActuatorFunction. `device` is the last announcement.
 */
export const talqDevices = pgTable(
  'talq_devices',
  {
    address: text('address').primaryKey(),
    gatewayId: bigint('gateway_id', { mode: 'number' }).notNull(),
    class: text('class').notNull(),
    device: jsonb('device').notNull(),
    moduleId: bigint('module_id', { mode: 'number' }),
    luminaryId: bigint('luminary_id', { mode: 'number' }),
    supportId: bigint('support_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('talq_devices_gateway').on(t.gatewayId)],
);

/**
 * The `talqRequestId`s a gateway's requests carried, for a while (talq-request-ids.ts): a request sent again (its
 * answer was lost) is recognised by every server process on the database, and stores nothing twice.
 */
export const talqRequestIds = pgTable(
  'talq_request_ids',
  {
    gatewayId: bigint('gateway_id', { mode: 'number' }).notNull(),
    requestId: text('request_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.requestId] }), index('talq_request_ids_at').on(t.at)],
);
