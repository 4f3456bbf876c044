/**
 * How the event detector's statements are planned (on a connection of its own, db/reserved-pools.ts). Nested
 * loops off: after a storm the planner's statistics still say a condition holds for a device or two, and a nested
 * loop between the condition's 100,000 devices and the events (which the insert grows as it goes) was quadratic: a
 * pass that took 4 s ran for minutes (bench:events). JIT off: a plan priced without nested loops looks dear enough
 * to compile, which took longer than running it (0.7 s for a handful of cabinets; 2.9 s of a 4.6 s pass at a
 * million modules).
 */
export const DETECTION_SETTINGS = { enable_nestloop: 'off', jit: 'off' };
