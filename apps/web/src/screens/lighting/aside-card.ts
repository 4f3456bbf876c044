/**
 * A lighting card beside a record: it stays in view while the operator scrolls the form (a profile's settings sit
 * below the fold on a laptop screen), and keeps its width while the form shrinks.
 */
export const ASIDE_CARD = {
  ml: 2,
  mt: 1,
  width: 460,
  flexShrink: 0,
  alignSelf: 'flex-start',
  position: 'sticky',
  top: 72,
} as const;
