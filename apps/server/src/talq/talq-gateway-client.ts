import { randomUUID } from 'node:crypto';
import type { Gateway } from './talq-gateways.ts';
import { TALQ_VERSION } from './talq-transport.ts';

// The CMS as a client of a gateway's API (talq-gw.json, TALQ §3): the version header, the CMS's own address as
// `clientAddress` and a fresh `talqRequestId` on every request, `cache-control: no-transform`. The body goes
// plain; fetch asks for gzip or deflate and undoes either. The CMS sends no credentials of its own: the reference
// files leave the gateway's authentication of the CMS to the deployment (a network of its own, or TLS).

export type GatewayAnswer = { status: number; body: unknown };

/** One request to the gateway at `gatewayUri`; rejects when the gateway cannot be reached within `timeoutMs`. */
export async function gatewayRequest(
  g: Pick<Gateway, 'gatewayUri' | 'cmsAddress'>,
  method: string,
  path: string,
  opts: { body?: unknown; timeoutMs: number; originRequestId?: string },
): Promise<GatewayAnswer> {
  const url = new URL(g.gatewayUri.replace(/\/+$/, '') + path);
  url.searchParams.set('clientAddress', g.cmsAddress ?? '');
  url.searchParams.set('talqRequestId', randomUUID());
  if (opts.originRequestId) url.searchParams.set('talqOriginRequestId', opts.originRequestId);
  const res = await fetch(url, {
    method,
    headers: {
      'talq-api-version': TALQ_VERSION,
      'cache-control': 'no-transform',
      ...(opts.body !== undefined && { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}
