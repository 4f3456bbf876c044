import http from 'node:http';

// The server takes a client's address from its socket (no TRUSTED_PROXY in the review), so requests "from another
// address" leave from another loopback address: Linux answers all of 127.0.0.0/8 on lo.

export type Reply = { status: number; retryAfter: number; body: any; ms: number }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A JSON request to `url` sent from `address` (a string body as it is), with `cookie` when given. */
export function fromAddress(
  url: string,
  address: string,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<Reply> {
  const started = Date.now();
  const target = new URL(path, url);
  const data = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        localAddress: address,
        agent: false,
        timeout: 30_000,
        headers: {
          ...(data && { 'content-type': 'application/json' }),
          ...(cookie && { cookie }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: the text is the body
          }
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: Number(res.headers['retry-after'] ?? 0),
            body: parsed,
            ms: Date.now() - started,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', reject);
    req.end(data);
  });
}
