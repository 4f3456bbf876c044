export * from './topics.ts';
export * from './codec.ts';
export * from './command.ts';
export * from './commands.ts';
export * from './state.ts';
export * from './modules.ts';
export * from './meter.ts';
export * from './bounds.ts';
