export * from './local-time.ts';
export * from './sun-night.ts';
export * from './twilight-methods.ts';
