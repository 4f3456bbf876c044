import { HttpError } from 'react-admin';

// One client for every call: credentials go with it, every call carries the CSRF token the server set in the
// readable `csrf` cookie, and error bodies (`{ code, message }`, already in the user's language) become HttpErrors.

const csrf = () => /(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';

export type ErrorBody = { error: true; code: string; message: string; fields?: string[]; reason?: string };

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

/**
 * A call whose answer is NDJSON (`Accept: application/x-ndjson`): each `{ progress }` line of a long job goes to
 * `onProgress` as it arrives; the other line is the answer, or its error.
 */
export async function httpLines<T, P>(
  method: string,
  path: string,
  body: unknown,
  onProgress: (progress: P) => void,
): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/x-ndjson',
      'x-csrf-token': decodeURIComponent(csrf()),
    },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) {
    const err = (await res.json().catch(() => null)) as ErrorBody | null;
    throw new HttpError(err?.message ?? `HTTP ${res.status}`, res.status, err);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  let last: Record<string, unknown> | undefined;
  const take = (text: string) => {
    if (!text.trim()) return;
    const line = JSON.parse(text) as Record<string, unknown>;
    if ('progress' in line) onProgress(line.progress as P);
    else last = line;
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    rest += value;
    const lines = rest.split('\n');
    rest = lines.pop()!;
    lines.forEach(take);
  }
  take(rest);
  if (!last || last.error !== false) {
    const err = last as ErrorBody | undefined;
    throw new HttpError(err?.message ?? `HTTP ${res.status}`, 500, err);
  }
  return last as T;
}

/** A call whose answer is a file (`accept` names its type), as a Blob; an error body becomes an HttpError. */
export async function httpFile(method: string, path: string, body: unknown, accept: string): Promise<Blob> {
  const res = await fetch(path, {
    method,
    headers: {
      'content-type': 'application/json',
      accept,
      'x-csrf-token': decodeURIComponent(csrf()),
    },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const err = (await res.json().catch(() => null)) as ErrorBody | null;
    throw new HttpError(err?.message ?? `HTTP ${res.status}`, res.status, err);
  }
  return res.blob();
}
