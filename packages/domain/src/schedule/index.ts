export * from './schedule-rows.ts';
export * from './schedule-times.ts';
