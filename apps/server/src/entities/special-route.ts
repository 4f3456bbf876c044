import type { FastifyInstance } from 'fastify';

const STRATEGY = 'special';

/**
 * Route options for a special route beside a generic one of the same method and path (STYLE.md 11): the router
 * prefers it, so one entity's call can keep the spec's path and shape while every other entity keeps the generic
 * route. Fastify refuses a second route on the same method and path unless a constraint tells them apart.
 */
export function specialRoute(app: FastifyInstance) {
  if (!app.hasConstraintStrategy(STRATEGY))
    app.addConstraintStrategy({
      name: STRATEGY,
      storage() {
        const handlers = new Map<string, unknown>();
        return {
          get: (key: string) => (handlers.get(key) ?? null) as never,
          set: (key: string, value: unknown) => void handlers.set(key, value),
        };
      },
      // every request asks for the special route; where there is none, the generic one answers
      deriveConstraint: () => 'yes',
      mustMatchWhenDerived: false,
    });
  return { constraints: { [STRATEGY]: 'yes' } };
}
