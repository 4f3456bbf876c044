import { client } from '../../apps/server/test/harness.ts';
import { signIn, type Finding, type Review } from './review-kit.ts';

const PASSWORD = 'Lamps-2026-review';
const TAKEN = 'Taken-over-2026';

/**
 * Issue 30 item 2: a NORMAL user with Users.edit changes what lets them act as a colleague whose role holds every
 * right (password, e-mail, role, lock, login, type, or deletes them), then signs in as the colleague and rotates a
 * controller's secret.
 */
export async function colleagueEscalation(r: Review, url: string): Promise<Finding> {
  const role = async (name: string, accessRights: object) =>
    (await r.root.call('POST', '/api/v1/Roles', { name: `Review ${name}`, accessRights })).body._id as number;
  const editor = await role('users editor', { Users: { view: true, list: true, edit: true } });
  const everything = await role('all rights', {
    Users: { view: true, list: true, edit: true, create: true, delete: true },
    Controllers: { view: true, list: true, edit: true, create: true, delete: true },
    control: { view: true, command: true },
  });
  const user = async (login: string, roleId: number) =>
    (
      await r.adminA.call('POST', '/api/v1/Users', {
        login,
        password: PASSWORD,
        role: roleId,
        type: 'NORMAL',
        email: `${login}@example.org`,
      })
    ).body._id as number;
  await user('review-mallory', editor);
  const carol = await user('review-carol', everything);
  const mallory = client(url);
  const signed = await signIn(mallory, 'review-mallory', PASSWORD);
  if (signed.status !== 200) throw new Error(`review-mallory could not sign in: ${signed.status}`);
  const at = `/api/v1/Users/${carol}`;
  const tries = [
    await mallory.call('PATCH', at, { password: TAKEN }),
    await mallory.call('PUT', at, { login: 'review-carol', password: TAKEN, role: everything }),
    await mallory.call('PATCH', at, { email: 'mallory@evil.example' }),
    await mallory.call('PATCH', at, { role: editor }),
    await mallory.call('PATCH', at, { isLocked: true }),
    await mallory.call('PATCH', at, { login: 'review-carol-2' }),
    await mallory.call('PATCH', at, { type: 'GROUPADMIN' }),
    await mallory.call('DELETE', at),
  ];
  const asCarol = client(url);
  const signedIn = await signIn(asCarol, 'review-carol', TAKEN);
  const rotated =
    signedIn.status === 200
      ? await asCarol.call('POST', `/api/v2/controllers/${r.a.id}/secret`)
      : { status: 0 };
  // the colleague is untouched: their own password still works
  const own = await signIn(client(url), 'review-carol', PASSWORD);
  const through =
    tries.filter((t) => t.status < 300).length +
    (signedIn.status === 200 ? 1 : 0) +
    (own.status === 200 ? 0 : 1);
  return {
    attack: "escalation through a colleague's password (a NORMAL user with Users.edit)",
    attempts: tries.length + 1,
    through,
    seen:
      `answers ${tries.map((t) => t.status).join(', ')}; sign-in with the new password ${signedIn.status}` +
      `${rotated.status ? `, secret rotated ${rotated.status}` : ''}; the colleague's own password ${own.status}`,
  };
}
