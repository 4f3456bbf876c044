export * from './profile-night.ts';
export * from './program-choice.ts';
export * from './compile-program.ts';
export * from './profile-rules.ts';
export * from './profile-year.ts';
export * from './weekend-region.ts';
export * from './switch-instants.ts';
export * from './lamp-expectation.ts';
