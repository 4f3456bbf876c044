import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema, TWILIGHT_METHODS } from '@sl/domain';
import { profileTwilight, profileYear, type ProfileProgram } from '@sl/domain/lighting';
import type { EntityService } from '../entities/entity.service.ts';
import type { SunYears } from './sun-years.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { cityOf, cityOut, instant, iso } from './lighting-answers.ts';

const profiles = entity('Profiles');

const yearQuery = z.strictObject({
  year: z.coerce.number().int().min(1900).max(2200),
  city: idSchema.optional(),
});
const yearOut = z.object({
  kind: z.string(),
  method: z.enum(TWILIGHT_METHODS),
  year: z.number(),
  city: cityOut,
  days: z.array(
    z.object({
      date: z.string(),
      burn: z.enum(['night', 'all', 'none']),
      on: instant,
      off: instant,
      onLocal: z.string().nullable(),
      offLocal: z.string().nullable(),
      burnMinutes: z.number(),
      fullMinutes: z.number(),
    }),
  ),
  months: z.array(z.object({ month: z.number(), burnHours: z.number(), fullHours: z.number() })),
});

type ProfileYearAnswer = z.infer<typeof yearOut>;
/** Years answered, kept for the operator who switches between the night and the year of a few profiles. */
const KEPT_ANSWERS = 32;

/** A dimming profile over a year in its city: the console's year view and integrators' burning-hour estimates. */
export function registerProfileYearRoutes(app: FastifyInstance, service: EntityService, suns: SunYears) {
  const answered = new Map<string, ProfileYearAnswer>();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/profiles/:id/year',
    {
      schema: {
        tags: ['lighting'],
        summary:
          'A dimming profile over every local night that starts in `year`, in the profile’s city or `city`: per day the switch-on and switch-off instants (UTC, and `onLocal`/`offLocal` on the city’s clock, HH:MM), `burnMinutes` (on to off) and `fullMinutes` (burning weighted by level: minutes at 100 %); per month `burnHours` and `fullHours`, a night counted in the month it starts in.',
        params: z.strictObject({ id: idSchema }),
        querystring: yearQuery,
        response: { 200: z.object({ error: z.literal(false), result: yearOut }), ...errorResponses },
      },
      config: { access: { area: profiles.area, action: 'view', groupOwned: Boolean(profiles.groupField) } },
    },
    async (req) => {
      const profile = await service.get(profiles, req.caller, req.params.id);
      const city = await cityOf(service, req.caller, req.query.city, profile.city);
      // a saved profile changes its updatedAt, a city its place: either makes a new key
      const key = JSON.stringify([profile._id, profile.updatedAt, city, req.query.year]);
      let result = answered.get(key);
      if (!result) {
        const program = profile as unknown as ProfileProgram;
        const sunOf = await suns.of(city, req.query.year, city.timezone);
        const year = profileYear(program, city, req.query.year, city.timezone, (day) => sunOf.get(day)!);
        result = {
          kind: String(profile.kind),
          method: program.kind === 'setRise' ? ('BORDERS' as const) : profileTwilight(program).method,
          year: year.year,
          city,
          days: year.days.map((d) => ({ ...d, on: iso(d.on), off: iso(d.off) })),
          months: year.months,
        };
        answered.set(key, result);
        if (answered.size > KEPT_ANSWERS) answered.delete(answered.keys().next().value!);
      }
      return { error: false as const, result };
    },
  );
}
