import { bigint, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * Controllers whose own state (or its last will) said they are offline, since when. Only their next online state
 * takes them back: a reading still on its way from before the goodbye (another server process may write it after
 * this one wrote the will) says nothing of now. One marked offline by the sweep alone is back when it speaks.
 */
export const controllerGoodbyes = pgTable('controller_goodbyes', {
  controller: bigint('controller', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** SQL: the controller of id `controller` (a column) said goodbye and has not said it is online since */
export const saidGoodbye = (controller: string) =>
  `exists (select 1 from controller_goodbyes g where g.controller = ${controller})`;
