export * from './report-rules.ts';
