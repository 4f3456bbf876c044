export * from './profile-night.ts';
