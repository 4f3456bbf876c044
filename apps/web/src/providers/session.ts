import type { AccessRights, UserType } from '@sl/domain';

// The signed-in profile is kept in localStorage so that access checks need no call; /auth/me confirms the session.
// This file stays free of react-admin so that the login page loads without it.

export type Profile = {
  _id: number;
  login: string;
  type: UserType;
  role: { _id?: number; name: string; accessRights: AccessRights } | null;
  group: { _id?: number; name: string } | null;
  email?: string;
};

const USER_KEY = 'user';
// react-admin's localStorageStore keeps its keys under this prefix; they belong to the signed-in user
const STORE_PREFIX = 'RaStore';

export const storeProfile = (p: Profile) => (localStorage.setItem(USER_KEY, JSON.stringify(p)), p);

export function storedProfile(): Profile | undefined {
  const raw = localStorage.getItem(USER_KEY);
  return raw ? (JSON.parse(raw) as Profile) : undefined;
}

/** Removes what belongs to the user (profile and stored screen state); the language choice stays. */
export function forgetUser() {
  for (const key of Object.keys(localStorage))
    if (key === USER_KEY || key.startsWith(STORE_PREFIX)) localStorage.removeItem(key);
}

export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** seconds the server asks to wait before the next attempt (after repeated failures) */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Password sign-in, or the demo login without one. */
export async function signIn(credentials: { login: string; password: string } | 'demo'): Promise<Profile> {
  const res =
    credentials === 'demo'
      ? await fetch('/auth/sign-test', { credentials: 'same-origin' })
      : await fetch('/auth/sign-in', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(credentials),
        });
  const body = (await res.json().catch(() => null)) as (Profile & { message?: string }) | null;
  if (!res.ok) {
    const wait = Number(res.headers.get('retry-after'));
    throw new SignInError(
      body?.message ?? `HTTP ${res.status}`,
      res.status,
      res.status === 429 && wait > 0 ? wait : undefined,
    );
  }
  return storeProfile(body as Profile);
}
