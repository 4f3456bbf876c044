/** The minutes since midnight of a clock time "HH:MM" (0 when there is none). */
export const minutesOf = (hhmm: string | undefined) =>
  hhmm ? Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) : 0;
/** the night order of a clock time: minutes since 12:00 */
export const nightMinutes = (hhmm: string) => (minutesOf(hhmm) + 12 * 60) % (24 * 60);
