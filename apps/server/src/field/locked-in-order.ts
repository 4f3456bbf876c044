/**
 * The live rows of `table` whose MAC is among `macs` (an SQL array), locked in the order of their ids: two processes
 * updating the same devices take their rows in one order, never crosswise.
 */
export const lockedInOrder = (table: string, macs: string) =>
  `locked as (select _id from ${table} where mac = any(${macs}) and deleted_at is null order by _id for update)`;
