import { oneOf, oneOfInt, ref, text } from '../fields.ts';
import { DEVICE_STATES } from '../status.ts';

// The filters an operator reaches for on the device lists (issue 28 §5), beyond each device's own fields; the
// server works each out from the modules a device is made of and the mounting or cabinet it is placed on.

/** its state as the map shows it, or lit by day */
export const state = () => oneOf(DEVICE_STATES);
/** the mounting's street or address, or the one of the mounting (cabinet) it is placed on; a part of it, any case */
export const street = () => text({ max: 200 });
export const controller = () => ref('Controllers');
export const cabinet = () => ref('Cabinets');
export const phase = () => oneOfInt([1, 2, 3], { show: { rule: 'phase' } });
