import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema, inputSchema } from '@sl/domain';
import { sunNight, type Place } from '@sl/domain/astro';
import { profileNight, profileProblems, type ProfileProgram } from '@sl/domain/lighting';
import type { EntityService } from '../entities/entity.service.ts';
import type { SunYears } from './sun-years.ts';
import { ApiError } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { calendarDay, cityOf, iso, nightAnswer, nightOut } from './lighting-answers.ts';

const profiles = entity('Profiles');
const access = {
  access: { area: profiles.area, action: 'view' as const, groupOwned: Boolean(profiles.groupField) },
};
const answer = { 200: z.object({ error: z.literal(false), result: nightOut }), ...errorResponses };

const nightQuery = z.strictObject({ date: calendarDay, city: idSchema.optional() });
/** The program fields of a profile as its declaration types them, as the form holds them before saving. */
const draftBody = z.strictObject({
  kind: inputSchema(profiles.fields.kind!),
  twilightMethod: inputSchema(profiles.fields.twilightMethod!).nullish(),
  settings: inputSchema(profiles.fields.settings!).nullish(),
  city: idSchema,
  date: calendarDay,
});

/** A form's settings as a saved profile holds them: a cleared field is absent, not null. */
const withoutNulls = (o: object | null | undefined) =>
  o ? Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) : undefined;

/** A profile's night with the almanac's sunset and sunrise, which the console's chart marks. */
function nightWithSun(p: ProfileProgram, city: Place & { timezone: string }, date: string) {
  const sun = sunNight(city, date, city.timezone);
  const night = profileNight(p, city, date, city.timezone, sun);
  return { ...nightAnswer(night), sunset: iso(sun.sunset), sunrise: iso(sun.sunrise) };
}

/** A dimming profile's night: a saved profile's, and a draft's so the console's chart can follow the form. */
export function registerProfileNightRoutes(app: FastifyInstance, service: EntityService, suns: SunYears) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v2/profiles/:id/night',
    {
      schema: {
        tags: ['lighting'],
        summary:
          'The level of a dimming profile over the local night that starts on `date`, in the profile’s city or `city`: points `{ at, level }` between which the level moves linearly (two points at one instant are a step), the twilight method, its fallback and the switch-on and switch-off instants. The meaning of each profile kind is in the README.',
        params: z.strictObject({ id: idSchema }),
        querystring: nightQuery,
        response: answer,
      },
      config: access,
    },
    async (req) => {
      const profile = await service.get(profiles, req.caller, req.params.id);
      const city = await cityOf(service, req.caller, req.query.city, profile.city);
      const night = nightWithSun(profile as unknown as ProfileProgram, city, req.query.date);
      // the profile's screen asks its year next: its suns, the slow part, are computed meanwhile
      suns.warm(city, Number(req.query.date.slice(0, 4)), city.timezone);
      return { error: false as const, result: { kind: String(profile.kind), ...night, city } };
    },
  );

  r.post(
    '/api/v2/profiles/night',
    {
      schema: {
        tags: ['lighting'],
        summary:
          'The night of a profile not saved (yet): `kind`, `twilightMethod` and `settings` as a Profiles record holds them, in `city` on the local night that starts on `date`. Answers as GET /api/v2/profiles/{id}/night; settings a saved profile would refuse are refused with IsInvalidError naming the field. Changes nothing.',
        body: draftBody,
        response: answer,
      },
      config: access,
    },
    async (req) => {
      const b = req.body;
      const program = {
        kind: b.kind,
        ...(typeof b.twilightMethod === 'string' && { twilightMethod: b.twilightMethod }),
        settings: withoutNulls(b.settings as object | null | undefined),
      } as ProfileProgram;
      const problems = profileProblems(program);
      if (problems.length)
        throw new ApiError(
          'IsInvalidError',
          problems.map((p) => p.field),
        );
      const city = await cityOf(service, req.caller, b.city, undefined);
      return {
        error: false as const,
        result: { kind: program.kind, ...nightWithSun(program, city, b.date), city },
      };
    },
  );
}
