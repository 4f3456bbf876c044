import { randomUUID } from 'node:crypto';

// The gateway as a client of a CMS's TALQ API (TALQ §3): HTTP Basic with its login and secret, the version header,
// its own address as `clientAddress` (the NIL address until the CMS gave it one) and a new `talqRequestId` on every
// request, JSON bodies.

export const TALQ_VERSION = '2.7.1';
export const NIL = '00000000-0000-0000-0000-000000000000';

export type CmsAnswer = { status: number; body: unknown };

export class TalqCmsClient {
  /** the address the CMS gave this gateway at its announcement */
  clientAddress = NIL;

  constructor(
    private readonly cmsUri: string,
    private readonly login: string,
    private readonly secret: string,
  ) {}

  async request(method: string, path: string, body?: unknown, requestId = randomUUID()): Promise<CmsAnswer> {
    const url = new URL(this.cmsUri.replace(/\/+$/, '') + path);
    url.searchParams.set('clientAddress', this.clientAddress);
    url.searchParams.set('talqRequestId', requestId);
    const res = await fetch(url, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${this.login}:${this.secret}`).toString('base64')}`,
        'talq-api-version': TALQ_VERSION,
        'cache-control': 'no-transform',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    return { status: res.status, body: text.trim() ? (JSON.parse(text) as unknown) : undefined };
  }

  /** A request the CMS must take: anything but 2xx is an error naming what it answered. */
  async must(method: string, path: string, body?: unknown): Promise<unknown> {
    const a = await this.request(method, path, body);
    if (a.status < 200 || a.status > 299)
      throw new Error(`TALQ ${method} ${path}: ${a.status} ${JSON.stringify(a.body)}`);
    return a.body;
  }
}
