import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.ts';

// PostgreSQL's text holds no NUL, and its json no half of a surrogate pair: either, met by a query, was a 500.
// Refused here once, for every route and before any of them reads the value, naming where it was.
declare module 'fastify' {
  interface FastifyContextConfig {
    /** the body carries a file as text, which the route reads and reports on line by line itself */
    readsFileText?: boolean;
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unfit = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

// a parsed query string's object has a prototype of its own with none above it (fast-querystring's): plain too
const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return (
    Array.isArray(v) || proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null
  );
};

const depthOf = (path: string) => (path ? path.split('.').length : 0);

/**
 * Where a parsed query, body or set of params holds such text, in a key or a value: `a.b.0` paths, `root` for the
 * value itself. Walks without recursion (a body may nest deeper than the stack); raw bodies (buffers) are files
 * their routes read themselves.
 */
export function unfitText(value: unknown, root: string): string[] {
  const found = new Set<string>();
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length && found.size < 20) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (unfit(v)) found.add(at || root);
    } else if (v && typeof v === 'object' && isPlain(v)) {
      for (const [k, inner] of Object.entries(v)) {
        if (unfit(k)) found.add(at || root);
        // a path is named to its 20th step at most
        else stack.push([inner, depthOf(at) >= 20 ? at : at ? `${at}.${k}` : k]);
      }
    }
  }
  return [...found];
}

export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const bad = [
      ...unfitText(req.params, 'params'),
      ...unfitText(req.query, 'query'),
      ...(req.routeOptions.config.readsFileText
        ? []
        : unfitText(req.body, typeof req.body === 'string' ? 'file' : 'body')),
    ];
    if (bad.length) throw new ApiError('IsInvalidError', bad);
  });
}
