import type { AuthProvider } from 'react-admin';
import { entity, groupOwnedOf, may, type Area, type Flag, type Subject } from '@sl/domain';
import { http } from './http.ts';
import { forgetUser, signIn, storedProfile, storeProfile, type Profile } from './session.ts';
import { leaveNotice } from './root-notice.ts';

export function storedSubject(): Subject | undefined {
  const p = storedProfile();
  return p && { type: p.type, login: p.login, rights: p.role?.accessRights ?? {} };
}

const ACTIONS: Record<string, Flag> = {
  list: 'list',
  show: 'view',
  create: 'create',
  edit: 'edit',
  delete: 'delete',
  viewDeleted: 'viewDeleted',
};

export function canDo(resource: string, action: string): boolean {
  const e = entity(resource);
  const flag = ACTIONS[action] ?? 'view';
  return mayIn(e.area, flag, groupOwnedOf(e, flag));
}

/** Whether the signed-in user holds `flag` in an area that is no entity's (`control`, say). */
export function mayIn(area: Area, flag: Flag, groupOwned = true): boolean {
  const subject = storedSubject();
  return subject ? may(subject, area, flag, groupOwned) : false;
}

/**
 * Where a link to one of the resource's records goes, decided from the stored rights. A reference link left for
 * react-admin to infer asks canAccess twice per row, and a page of 100 such answers, each committed on its own,
 * passes React's limit of nested updates (error #185).
 */
export const recordLink = (resource: string): 'edit' | 'show' | false =>
  canDo(resource, 'edit') ? 'edit' : canDo(resource, 'show') ? 'show' : false;

/**
 * A way out is under way. A sign-out makes several of react-admin's hooks log out too (the session check, a list's
 * refused request), each of which went to the root once more: three entries of it in the history, so Back after a
 * sign-out showed the login page again rather than leaving it.
 */
let leaving = false;

// A console page kept by the browser (back-forward cache) and shown again after a sign-out is not shown: the root
// loads instead.
window.addEventListener('pageshow', (ev) => {
  if (!ev.persisted) return;
  leaving = false;
  if (!storedProfile()) window.location.replace('/');
});

// Every way out ends at the root, which the console answers with a page load of the login page (spec §4).
export const authProvider: AuthProvider = {
  login: async ({ username, password, demo }: { username?: string; password?: string; demo?: boolean }) => {
    await signIn(demo ? 'demo' : { login: username ?? '', password: password ?? '' });
  },
  logout: async () => {
    if (leaving) return false;
    leaving = true;
    const had = storedProfile() !== undefined;
    forgetUser();
    if (had) await http('POST', '/auth/sign-out').catch(() => undefined);
    return '/';
  },
  checkAuth: async () => {
    try {
      const me = await http<Profile>('GET', '/auth/me');
      // a sign-out (a 403 elsewhere) while this check was on its way: the answer must not bring the user back
      if (leaving) return;
      storeProfile(me);
    } catch (error) {
      // Only the server's word that no one is signed in ends the session. A check cut short (a reload while it
      // was on its way, the network or the server gone for a moment) keeps the user and their screens' state:
      // forgetting them there lost a folded menu or a list's filters on a plain reload.
      const status = (error as { status?: number }).status;
      const refused = status === 401 || status === 403;
      if (!refused && storedProfile()) return;
      forgetUser();
      throw { redirectTo: '/', message: false };
    }
  },
  // spec §7: a 401 is quiet; a 403 says so (on the login page, after the reload), forgets the user, goes to the root
  checkError: async (error: { status?: number }) => {
    if (error?.status === 401) throw { redirectTo: '/', message: false };
    if (error?.status === 403) {
      leaveNotice('permissionDenied');
      throw { redirectTo: '/', message: false };
    }
  },
  getPermissions: async () => storedSubject(),
  getIdentity: async () => {
    const p = storedProfile();
    if (!p) throw new Error('not signed in');
    return { id: p._id, fullName: p.group ? `${p.login} (${p.group.name})` : p.login };
  },
  canAccess: async ({ resource, action }) => (resource ? canDo(resource, action) : true),
};
