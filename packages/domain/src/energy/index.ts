export * from './report-rules.ts';
export * from './report-table.ts';
