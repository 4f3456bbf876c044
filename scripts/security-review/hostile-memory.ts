import { readFileSync, writeFileSync } from 'node:fs';
import { dayRow, halfConnects, workbook } from '../../apps/server/test/hostile-files.ts';
import type { Client } from '../../apps/server/test/harness.ts';
import { sleep, type Finding, type Review } from './review-kit.ts';

// Issue 30 item 5: files and connections made to take the server's memory. The server's peak resident memory
// (VmHWM, reset before each case through clear_refs) is read from /proc.

/**
 * What a case may add, as hostile-memory.test allows. The total is not judged here: the review's server runs the
 * demo's simulated field in its own process and has been through the other attacks (docs/security-review.md).
 */
const GROWTH_MB = 350;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const peakMb = (pid: number) =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function send(url: string, c: Client, path: string, body: Buffer | string, type: string) {
  const res = await fetch(url + path, {
    method: 'POST',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: {
      'content-type': type,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': c.cookies.get('csrf') ?? '',
    },
  });
  const text = await res.text();
  return { status: res.status, reason: (JSON.parse(text) as { reason?: string }).reason };
}

/** n connections announcing a CONNECT of `announced` bytes that send `sent` of it, held 2 s, then closed. */
async function heldHalfConnects(brokerUrl: string, n: number, announced: number, sent: number) {
  const sockets = await halfConnects(brokerUrl, n, announced, sent);
  await sleep(2000);
  for (const s of sockets) s.destroy();
}

export async function hostileMemory(r: Review, url: string): Promise<Finding[]> {
  const cases: [string, () => Promise<string>][] = [
    [
      'a 600 KB workbook of 2 million rows (schedule upload)',
      async () => {
        const a = await send(
          url,
          r.root,
          `/api/v2/controller-schedule/${r.a.id}/upload`,
          workbook(dayRow(1).repeat(2_000_000)),
          XLSX,
        );
        return `${a.status} ${a.reason ?? ''}`;
      },
    ],
    [
      'a 62 MB CSV of 1.7 million broken rows (inventory import)',
      async () => {
        const lines = ['pole,street,cab,x,y'];
        for (let i = 0; i < 1_700_000; i++) lines.push(`P-${i},Main St,CAB-404,-71.1,999`);
        const columns = {
          uid: 'pole',
          street: 'street',
          cabinet: 'cab',
          'location.lon': 'x',
          'location.lat': 'y',
        };
        const body = JSON.stringify({ format: 'csv', content: lines.join('\n'), columns, dryRun: true });
        const a = await send(url, r.root, '/api/v2/import/LuminarySupports', body, 'application/json');
        return `${a.status} ${a.reason ?? ''}`;
      },
    ],
    [
      '4,000 half-sent 200 KB MQTT CONNECTs',
      async () => {
        await heldHalfConnects(r.brokerUrl, 4000, 200_000, 180_000);
        return 'sent';
      },
    ],
  ];
  const findings: Finding[] = [];
  for (const [attack, work] of cases) {
    resetPeak(r.pid);
    const before = peakMb(r.pid);
    const answer = await work();
    const peak = peakMb(r.pid);
    const health = await r.root.call('GET', '/health');
    findings.push({
      attack,
      attempts: 1,
      through: peak - before > GROWTH_MB ? 1 : 0,
      seen: `answered ${answer}; server peak ${peak} MB (${before} MB before, +${peak - before}); /health after ${health.status}`,
    });
  }
  return findings;
}
