import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, isCalendarDay, isTimeZone, localDay, sunNight, type MethodNight } from '@sl/domain/astro';
import { chooseProgram, chosenNight, nextStep, withinLevelRange } from '@sl/domain/lighting';
import { entity, idSchema, TWILIGHT_METHODS } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { instant, iso, levelPoint, nightAnswer } from './lighting-answers.ts';
import { registerGroupControlRoutes } from './group-control.routes.ts';
import { registerProfileNightRoutes } from './profile-night.routes.ts';
import { registerProfileYearRoutes } from './profile-year.routes.ts';
import { SunYears } from './sun-years.ts';
import type { Db } from '../db/connect.ts';
import { loadControllers, loadWorld } from './program-source.ts';
import type { Clock } from './program-service.ts';

const sunQuery = z.strictObject({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  date: z.string().refine(isCalendarDay, 'a calendar day, YYYY-MM-DD'),
  tz: z.string().max(64).refine(isTimeZone, 'an IANA time zone').default('UTC'),
});

const methodOut = z.object({
  on: instant,
  off: instant,
  burn: z.enum(['night', 'all', 'none']),
  fallback: z.enum(TWILIGHT_METHODS).optional(),
});
const sunOut = z.object({
  sunset: instant,
  sunrise: instant,
  polar: z.enum(['day', 'night']).nullable(),
  methods: z.object(Object.fromEntries(TWILIGHT_METHODS.map((m) => [m, methodOut]))),
});

const methodAnswer = (m: MethodNight) => ({
  on: iso(m.on),
  off: iso(m.off),
  burn: m.burn,
  ...(m.fallback && { fallback: m.fallback }),
});

const lampQuery = z.strictObject({
  date: z.string().refine(isCalendarDay, 'a calendar day, YYYY-MM-DD').optional(),
});
const named = z.object({ _id: z.number(), name: z.string() }).nullable();
const lampOut = z.object({
  module: z.object({ _id: z.number(), mac: z.string() }),
  controller: z.object({ _id: z.number(), mac: z.string() }).nullable(),
  /** why the lamp has no program when it has none */
  missing: z.enum(['controller', 'city']).optional(),
  date: z.string(),
  /** the controller's city's time zone, the instants' local clock */
  timezone: z.string().optional(),
  dayType: z.string().optional(),
  source: z.enum(['category', 'own', 'groupControl', 'rule', 'politic', 'none']).optional(),
  profile: named.optional(),
  politic: named.optional(),
  rule: z.number().nullable().optional(),
  twil: z.number().optional(),
  method: z.enum(TWILIGHT_METHODS).optional(),
  speed: z.boolean().optional(),
  fallback: z.enum(TWILIGHT_METHODS).optional(),
  burn: z.enum(['night', 'all', 'none']).optional(),
  on: instant.optional(),
  off: instant.optional(),
  points: z.array(z.object({ at: z.string(), level: z.number() })).optional(),
  /** the program's next change after now, on the night asked for */
  next: z.object({ at: z.string(), level: z.number() }).nullable().optional(),
});

/** The astronomical clock and the lighting programs on it, for the console, integrators and our own checks (ours). */
export function registerLightingRoutes(app: FastifyInstance, service: EntityService, db: Db, clock: Clock) {
  const modules = entity('LuminaryModules');
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/lighting/lamps/:id',
    {
      schema: {
        tags: ['lighting'],
        summary:
          'What a lamp (its control module) does on the local night that starts on `date` (default: the night in progress) and why: the day type, where its profile comes from (`category` of the date, its `own` profile, its `groupControl`, a politic `rule`, the `politic` itself, or `none`: dusk to dawn at full power), the twilight method and its fallback, the level points and the next change.',
        params: z.strictObject({ id: idSchema }),
        querystring: lampQuery,
        response: { 200: z.object({ error: z.literal(false), result: lampOut }), ...errorResponses },
      },
      config: { access: { area: modules.area, action: 'view', groupOwned: Boolean(modules.groupField) } },
    },
    async (req) => {
      const row = await service.get(modules, req.caller, req.params.id);
      const module = { _id: row._id, mac: String(row.mac) };
      const now = clock.now();
      const asked = req.query.date;
      const controllerId = typeof row.controller === 'number' ? row.controller : undefined;
      const [controller] = controllerId === undefined ? [] : await loadControllers(db, [controllerId]);
      const lamp = controller?.lamps.find((l) => l.moduleId === row._id);
      if (!controller || !lamp)
        return {
          error: false as const,
          result: {
            module,
            controller: null,
            missing: 'controller' as const,
            date: asked ?? localDay(now, 'UTC'),
          },
        };
      const who = { _id: controller.id, mac: controller.mac };
      if (!controller.place)
        return {
          error: false as const,
          result: { module, controller: who, missing: 'city' as const, date: asked ?? localDay(now, 'UTC') },
        };
      const { lat, lon, tz } = controller.place;
      const world = await loadWorld(db, controller.group);
      const programOn = (day: string) => {
        const choice = chooseProgram(lamp.facts, { ...world, ...world.dayOf(day) });
        const night = chosenNight(world.profiles, choice, { lat, lon }, day, tz);
        return { day, choice, night: { ...night, points: withinLevelRange(night.points, lamp.range) } };
      };
      // unasked, the night in progress (it began at the last local noon), or tonight once that one is over
      let {
        day: date,
        choice,
        night,
      } = programOn(asked ?? localDay(new Date(now.getTime() - 12 * 3_600_000), tz));
      if (!asked && !((night.points.at(-1)?.at ?? 0) > now))
        ({ day: date, choice, night } = programOn(addDays(date, 1)));
      const profileName = await profileNameOf(db, choice.profile);
      const next = nextStep(night.points, now);
      return {
        error: false as const,
        result: {
          module,
          controller: who,
          date,
          timezone: tz,
          dayType: choice.dayType,
          source: choice.source,
          profile: choice.profile == null ? null : { _id: choice.profile, name: profileName },
          politic: choice.politic ? { _id: choice.politic.id, name: choice.politic.name ?? '' } : null,
          rule: choice.rule ?? null,
          ...(choice.twil !== undefined && { twil: choice.twil }),
          ...nightAnswer(night),
          next: next ? levelPoint(next) : null,
        },
      };
    },
  );

  const suns = new SunYears();
  registerProfileNightRoutes(app, service, suns);
  registerProfileYearRoutes(app, service, suns);
  registerGroupControlRoutes(app, service, db);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/lighting/sun',
    {
      schema: {
        tags: ['lighting'],
        summary:
          'Sunset, sunrise and each twilight method’s switch-on (evening) and switch-off (next morning) for the local night that starts on `date` in the time zone `tz`: BORDERS −0.833° (almanac), SIMPLE 0°, MID −3°, CIVIL −6°, NAUTICAL −12°, END −18° (the sun’s centre, no refraction). `burn` is `all` when the sun stays below the altitude from noon to noon (polar night), `none` when it does not set (polar day); `fallback` names the shallower method used when the altitude is not reached.',
        querystring: sunQuery,
        response: { 200: z.object({ error: z.literal(false), result: sunOut }), ...errorResponses },
      },
      config: { access: 'session' },
    },
    async (req) => {
      const q = req.query;
      const night = sunNight({ lat: q.lat, lon: q.lon }, q.date, q.tz);
      return {
        error: false as const,
        result: {
          sunset: iso(night.sunset),
          sunrise: iso(night.sunrise),
          polar: night.polar,
          methods: Object.fromEntries(TWILIGHT_METHODS.map((m) => [m, methodAnswer(night.methods[m])])),
        },
      };
    },
  );
}

async function profileNameOf(db: Db, profile: number | null): Promise<string> {
  if (profile == null) return '';
  const result = await db.execute(sql`select name from profiles where _id = ${profile}`);
  return String((result as { rows?: { name: string }[] }).rows?.[0]?.name ?? '');
}
