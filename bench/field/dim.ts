import type pg from 'pg';

// (b) a group dim over the whole fleet: from the HTTP request until the archive holds every controller's ack.

export type Session = { headers: Record<string, string> };

export async function signIn(serverUrl: string, password: string): Promise<Session> {
  const res = await fetch(`${serverUrl}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password }),
  });
  if (!res.ok) throw new Error(`sign-in as admin: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('csrf='))?.slice(5) ?? '';
  return { headers: { cookie: cookies.join('; '), 'x-csrf-token': csrf } };
}

export async function call<T>(serverUrl: string, s: Session, method: string, path: string, body?: unknown) {
  const res = await fetch(serverUrl + path, {
    method,
    headers: { ...s.headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The bench's city (where its fleet stands, in Cambridge's time zone) and a group holding it, made through the API. */
export async function benchGroup(serverUrl: string, s: Session, at: { lat: number; lon: number }) {
  const city = await call<{ _id: number }>(serverUrl, s, 'POST', '/api/v1/Cities', {
    name: { 'en-us': 'Bench', ru: 'Bench', local: 'Bench', int: 'Bench' },
    lat: at.lat,
    lon: at.lon,
    timezone: 'America/New_York',
  });
  const group = await call<{ _id: number }>(serverUrl, s, 'POST', '/api/v1/Groups', {
    name: 'Bench',
    cities: [city._id],
  });
  return { cityId: city._id, groupId: group._id };
}

export type DimRun = {
  /** request sent → HTTP answer */
  answerMs: number;
  /** request sent → the last ack recorded in the archive */
  recordedMs: number;
  controllers: number;
  acknowledged: number;
  modules: number;
  code: number;
};

type Answer = { code: number; commandId: number; counts: { modules: number; controllers: number } };

export async function groupDim(
  serverUrl: string,
  s: Session,
  pool: pg.Pool,
  groupControl: number,
  pwm: number,
): Promise<DimRun> {
  const t0 = Date.now();
  const answer = await call<Answer>(
    serverUrl,
    s,
    'GET',
    `/api/v1/control/lighting?by=group&group=${groupControl}&raw=${pwm}`,
  );
  const answerMs = Date.now() - t0;
  const q = `select count(*)::int as n, count(*) filter (where state = 'acknowledged')::int as acked,
    extract(epoch from max(answered_at)) * 1000 as last from command_devices where command_id = $1`;
  let row: { n: number; acked: number; last: string | null } | undefined;
  for (let i = 0; i < 100; i++) {
    row = (await pool.query<{ n: number; acked: number; last: string | null }>(q, [answer.commandId]))
      .rows[0];
    if (row && row.n > 0 && row.acked === row.n) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    answerMs,
    recordedMs: row?.last ? Number(row.last) - t0 : NaN,
    controllers: row?.n ?? 0,
    acknowledged: row?.acked ?? 0,
    modules: answer.counts.modules,
    code: answer.code,
  };
}
