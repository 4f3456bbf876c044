import { randomBytes } from 'node:crypto';

// The generic API may or may not ask for a session (sign-in arrived after the first version of this bench).
// When it does, the bench signs in as the admin the server creates on first start from ADMIN_PASSWORD: an
// admin sees every group's rows, as the open policy did.

export const ADMIN_PASSWORD = `bench-${randomBytes(9).toString('hex')}-1`;

/** Headers that let `probePath` answer 200: none, or the admin's session cookie. */
export async function sessionHeaders(server: string, probePath: string): Promise<Record<string, string>> {
  const open = await fetch(server + probePath);
  if (open.status !== 401) return {};
  const res = await fetch(`${server}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in as admin: ${res.status} ${await res.text()}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('sign-in as admin: no sid cookie');
  return { cookie: sid.split(';')[0]! };
}
