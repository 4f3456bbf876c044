import { expect } from 'vitest';
import type { Client } from './harness.ts';

export type Event = { event: string; data: unknown };

/** Reads an SSE stream into `events` until `stop()`. */
export async function listen(server: { url: string }, c: Client) {
  const events: Event[] = [];
  const ctrl = new AbortController();
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${server.url}/api/v2/live`, { headers: { cookie }, signal: ctrl.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += new TextDecoder().decode(value);
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  })();
  return { events, stop: () => ctrl.abort() };
}
