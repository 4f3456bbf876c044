import { FIELD_MOVABLE_STATUSES, REPORTED_MODULE_STATUS, UNKNOWN_MODULE_STATUS } from '@sl/domain';

// The domain's device-truth table as SQL, for statements that move many devices at once. Only constants of the
// domain are spliced in, never input.

const quoted = (s: string) => `'${s}'`;
const movable = FIELD_MOVABLE_STATUSES.filter((s) => s !== null).map(quoted);

/** `next` where the status in `current` is one the field may move, else `current`. */
const ifMovable = (current: string, next: string) =>
  `(case when ${current} is null or ${current} in (${movable.join(', ')}) then ${next} else ${current} end)`;

/** A module's named status from its reported cl_status in `code` (moduleStatusAfter on a report). */
export const moduleStatusFromCode = (code: string, current: string) =>
  ifMovable(
    current,
    `(case ${code} ${Object.entries(REPORTED_MODULE_STATUS)
      .map(([c, s]) => `when ${Number(c)} then ${quoted(s)}`)
      .join(' ')} else ${quoted(UNKNOWN_MODULE_STATUS)} end)`,
  );

/** A module not heard, or whose controller is offline. */
export const moduleNotResponding = (current: string) => ifMovable(current, quoted('WORKING_NOT_RESPONDING'));

/** A controller online (`online` a boolean expression) or not. */
export const controllerStatus = (online: string, current: string) =>
  ifMovable(current, `(case when ${online} then 'CONNECTED' else 'DISCONNECTED' end)`);
