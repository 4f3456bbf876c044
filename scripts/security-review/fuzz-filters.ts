import { ENTITIES, type Field } from '@sl/domain';
import { fromAddress } from './from-address.ts';
import type { Finding, Review } from './review-kit.ts';

// Issue 30 item 6: list filters, paging and sorting with values made to break a parser or a column type (the
// outside review's 98,000 requests gave 377 × 500). Raw values are sent as written: `%00` is a NUL, `%ED%A0%80` a
// lone surrogate's bytes, which no JavaScript string can hold.

const enc = encodeURIComponent;
const NUMBERS = [
  '2147483648',
  '99999999999999999999',
  '-2147483649',
  '1e400',
  'NaN',
  '0x10',
  '1.5',
  '-0',
].map(enc);
const DATES = [
  '2026-02-30',
  '2024-13-01',
  '0000-01-01',
  '2026-02-29T25:61:00Z',
  '+275760-09-14',
  '2026-01-01T00:00:00+99:00',
  '1e12',
].map(enc);
const TEXT = ['%00', 'a%00b', '%ED%A0%80', '%FF%FE', enc('x'.repeat(5000)), enc("'; drop table users; --")];
const ANY = [...TEXT, '', enc('[]'), enc('{"$gt":""}'), enc('__proto__')];

function valuesOf(field: Field): string[] {
  switch (field.kind) {
    case 'int':
    case 'intEnum':
    case 'ref':
    case 'refs':
    case 'float':
      return [...NUMBERS, ...ANY];
    case 'timestamp':
    case 'day':
    case 'time':
      return [...DATES, ...ANY];
    default:
      return ANY;
  }
}

/** Every field of every list, with each operator, then the paging and sorting parameters. */
function queries(): string[] {
  const out: string[] = [];
  for (const e of ENTITIES) {
    const base = `/api/v1/${e.name}?`;
    for (const [name, field] of Object.entries(e.fields))
      for (const op of ['', '_gte', '_lte'])
        for (const v of valuesOf(field)) out.push(`${base}${name}${op}=${v}`);
    for (const param of ['skip', 'limit', 'sort', 'q', 'inc', 'deleted', 'bbox', 'id'])
      for (const v of [...NUMBERS, ...ANY]) out.push(`${base}${param}=${v}`);
  }
  // the same parsers behind the v2 lists and the exports, for one entity each
  const sample = out.filter((q) => q.startsWith('/api/v1/LuminaryModules?'));
  for (const q of sample) out.push(q.replace('/api/v1/', '/api/v2/'));
  for (const q of sample.slice(0, 200))
    out.push(q.replace('/api/v1/LuminaryModules?', '/api/v2/LuminaryModules/export?'));
  return out;
}

/** Bodies that once gave 500, sent signed out (sign-in) and signed in (a preference). */
const BODIES: [string, string][] = [
  ['/auth/sign-in', '{"login":"ad\\u0000min","password":"x"}'],
  ['/auth/sign-in', '{"login":"admin","password":"\\ud800"}'],
  ['/auth/sign-in', '{"login":"\\udfff","password":"\\u0000"}'],
];

export async function fuzzFilters(r: Review, url: string): Promise<Finding> {
  const all = queries();
  const bad: string[] = [];
  let uncatalogued = 0;
  let next = 0;
  let answered = 0;
  const worker = async () => {
    while (next < all.length) {
      const q = all[next++]!;
      const a = await r.adminA.call('GET', q).catch(() => ({ status: 0, body: undefined }));
      answered += 1;
      if (a.status >= 500 || a.status === 0) bad.push(`${a.status} ${q.slice(0, 120)}`);
      if (a.status >= 400 && typeof a.body?.code !== 'string') uncatalogued += 1;
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  for (const [path, body] of BODIES) {
    // from an address of its own, so the per-address limit of sign-ins leaves them to the parser
    const a = await fromAddress(url, '127.0.0.50', 'POST', path, body);
    answered += 1;
    if (a.status >= 500) bad.push(`${a.status} POST ${path} ${body}`);
    if (typeof a.body?.code !== 'string') uncatalogued += 1;
  }
  const pref = await r.adminA.raw('PUT', '/api/v2/preferences/review', '{"value":"\\ud800"}');
  const long = await r.adminA.call('GET', `/api/v1/LuminaryModules?q=${'x'.repeat(60_000)}`);
  answered += 2;
  if (pref.status >= 500) bad.push(`${pref.status} PUT /api/v2/preferences/review (lone surrogate)`);
  if (long.status >= 500) bad.push(`${long.status} a 60 KB query string`);
  for (const b of bad.slice(0, 20)) console.error(`  5xx: ${b}`);
  return {
    attack:
      'fuzzed filters, paging, sorting and bodies (NUL, lone surrogates, huge numbers, impossible dates)',
    attempts: answered,
    through: bad.length,
    seen:
      `${bad.length} answered 5xx or not at all; ${uncatalogued} refusals without a catalogue code; ` +
      `a lone surrogate in a preference ${pref.status}; a 60 KB query string ${long.status} ${long.body?.code ?? ''}`,
  };
}
