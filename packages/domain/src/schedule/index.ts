export * from './schedule-rows.ts';
export * from './schedule-times.ts';
export * from './schedule-nights.ts';
export * from './schedule-twilight.ts';
