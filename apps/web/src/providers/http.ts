import { HttpError } from 'react-admin';

// One client for every call: credentials go with it, every call carries the CSRF token the server set in the
// readable `csrf` cookie, and error bodies (`{ code, message }`, already in the user's language) become HttpErrors.

const csrf = () => /(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';

export type ErrorBody = { error: true; code: string; message: string; fields?: string[] };

export async function http<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  // on reads too: the spec's commands to the field are GETs, and the server asks the token for them
  headers['x-csrf-token'] = decodeURIComponent(csrf());
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await res.json().catch(() => null);
  if (!res.ok) {
    const err = payload as ErrorBody | null;
    throw new HttpError(err?.message ?? `HTTP ${res.status}`, res.status, err);
  }
  return payload as T;
}
