import type { LoginMessageKey } from '../i18n/login-messages.ts';

// A message for the login page, carried across the page load that every sign-out ends with.
const KEY = 'sl.rootNotice';

export const leaveNotice = (key: LoginMessageKey) => sessionStorage.setItem(KEY, key);

export function takeNotice(): LoginMessageKey | undefined {
  const key = sessionStorage.getItem(KEY) as LoginMessageKey | null;
  sessionStorage.removeItem(KEY);
  return key ?? undefined;
}
