import type { FastifyReply } from 'fastify';
import { XMLBuilder } from 'fast-xml-parser';

/** GeoReport v2's formats, named by the resource's extension: XML is the standard's required one. */
export const OPEN311_FORMATS = ['xml', 'json'] as const;
export type Open311Format = (typeof OPEN311_FORMATS)[number];

/** Each answer's XML root, and the element each of its lists holds (the JSON form is the Spark mapping of it). */
export const OPEN311_ROOTS = {
  services: 'service',
  service_requests: 'request',
  errors: 'error',
} as const;
export type Open311Root = keyof typeof OPEN311_ROOTS | 'service_definition' | 'discovery';
export const OPEN311_LIST_ITEMS: Record<string, string> = {
  ...OPEN311_ROOTS,
  attributes: 'attribute',
  values: 'value',
  endpoints: 'endpoint',
  formats: 'format',
};

const builder = new XMLBuilder({ format: true, ignoreAttributes: false });

/** The format a resource was asked in: `/requests.xml?…` → xml; anything else is not served. */
export function formatOf(url: string): Open311Format | undefined {
  const ext = /\.(\w+)(?:\?|$)/.exec(url)?.[1];
  return OPEN311_FORMATS.find((f) => f === ext);
}

/** An answer in the asked format: JSON as is, XML with the root and list elements the standard's examples name. */
export function sendOpen311(
  reply: FastifyReply,
  format: Open311Format,
  root: Open311Root,
  body: unknown,
  status = 200,
) {
  reply.code(status);
  if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  const inner = Array.isArray(body) ? { [OPEN311_LIST_ITEMS[root]!]: body.map(toXml) } : toXml(body);
  const xml = builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    [root]: inner,
  }) as string;
  return reply.type('text/xml; charset=utf-8').send(xml);
}

/** null is an empty element; a list is its plural element holding one singular element per item. */
function toXml(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(toXml);
  if (typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      const item = OPEN311_LIST_ITEMS[key];
      return [key, item && Array.isArray(v) ? { [item]: v.map(toXml) } : toXml(v)];
    }),
  );
}
