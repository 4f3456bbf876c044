/**
 * A trigger function running `statements` in turn, without JIT. Its statements read transition tables, which have
 * no statistics, beside tables that grew since their last analyze: the planner's costs run into millions, and
 * PostgreSQL then compiled each statement before running it, 0.3-0.4 s of a statement that takes tens of
 * milliseconds, on every write of the tables (measured by bench:talq's announcements on PostgreSQL 15).
 */
export const triggerFunction = (name: string, ...statements: string[]) =>
  `create or replace function ${name}() returns trigger language plpgsql set jit = off as $$ begin
    ${statements.join(';\n')};
    return null; end $$`;
