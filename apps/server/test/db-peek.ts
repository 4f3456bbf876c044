import type { TestServer } from './harness.ts';

/** What the API never shows, read straight from the database the test server uses. */
export async function hashOf(s: TestServer, login: string): Promise<string> {
  const rows = await s.sql<{ password: string }>('select password from users where login = $1', [login]);
  return rows[0]!.password;
}
