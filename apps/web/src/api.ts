// The few calls the status page makes. Changes carry the CSRF token the server set in the `csrf` cookie.

const csrf = () => /(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';

export type Me = { login: string; type: string; group: { name: string } | null };

async function json<T>(res: Response): Promise<T> {
  if (!res.ok)
    throw Object.assign(new Error(`HTTP ${res.status}`), { body: await res.json().catch(() => null) });
  return res.json() as Promise<T>;
}

export const api = {
  health: () => fetch('/health').then((r) => r.json()),
  me: () => fetch('/auth/me').then((r) => (r.ok ? (r.json() as Promise<Me>) : undefined)),
  signIn: (login: string, password: string) =>
    fetch('/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password }),
    }).then((r) => json<Me>(r)),
  demo: () => fetch('/auth/sign-test').then((r) => json<Me>(r)),
  signOut: () => fetch('/auth/sign-out', { method: 'POST', headers: { 'x-csrf-token': csrf() } }),
  total: (entity: string, firstField: string) =>
    fetch(`/api/v1/${entity}?limit=1&inc=${firstField}`)
      .then((r) => json<{ total: number }>(r))
      .then((p) => p.total),
};
