import type { AuthProvider } from 'react-admin';
import { entity, may, type AccessRights, type Flag, type Subject, type UserType } from '@sl/domain';
import { http } from './http.ts';

// The profile is kept in localStorage so that access checks need no call; /auth/me confirms the session.

export type Profile = {
  _id: number;
  login: string;
  type: UserType;
  role: { name: string; accessRights: AccessRights } | null;
  group: { name: string } | null;
};

const KEY = 'user';

const store = (p: Profile) => (localStorage.setItem(KEY, JSON.stringify(p)), p);
const forget = () => localStorage.removeItem(KEY);

export function storedSubject(): Subject | undefined {
  const raw = localStorage.getItem(KEY);
  if (!raw) return undefined;
  const p = JSON.parse(raw) as Profile;
  return { type: p.type, login: p.login, rights: p.role?.accessRights ?? {} };
}

const ACTIONS: Record<string, Flag> = {
  list: 'list',
  show: 'view',
  create: 'create',
  edit: 'edit',
  delete: 'delete',
};

export function canDo(resource: string, action: string): boolean {
  const subject = storedSubject();
  const flag = ACTIONS[action] ?? 'view';
  if (!subject) return false;
  const e = entity(resource);
  return may(subject, e.area, flag, Boolean(e.groupField));
}

export const authProvider: AuthProvider = {
  login: async ({ username, password, demo }: { username?: string; password?: string; demo?: boolean }) => {
    store(
      demo
        ? await http<Profile>('GET', '/auth/sign-test')
        : await http<Profile>('POST', '/auth/sign-in', { login: username, password }),
    );
  },
  logout: async () => {
    const had = localStorage.getItem(KEY) !== null;
    forget();
    if (had) await http('POST', '/auth/sign-out').catch(() => undefined);
    return '/';
  },
  checkAuth: async () => {
    try {
      store(await http<Profile>('GET', '/auth/me'));
    } catch {
      forget();
      throw { redirectTo: '/', message: false };
    }
  },
  // spec §7: a 401 is quiet; a 403 says so, forgets the user and goes to the root
  checkError: async (error: { status?: number }) => {
    if (error?.status === 401) throw { redirectTo: '/', message: false };
    if (error?.status === 403) throw { redirectTo: '/', message: 'sl.permissionDenied' };
  },
  getPermissions: async () => storedSubject(),
  getIdentity: async () => {
    const raw = localStorage.getItem(KEY);
    if (!raw) throw new Error('not signed in');
    const p = JSON.parse(raw) as Profile;
    return { id: p._id, fullName: p.group ? `${p.login} (${p.group.name})` : p.login };
  },
  canAccess: async ({ resource, action }) => (resource ? canDo(resource, action) : true),
};
