import { makeRunDatabase } from './run-database.ts';

// The run's servers start from one migrated database instead of migrating an empty one each.
export default function setUp() {
  return makeRunDatabase();
}
