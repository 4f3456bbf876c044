import { z } from 'zod';
import { entity, TWILIGHT_METHODS } from '@sl/domain';
import { isCalendarDay, isTimeZone } from '@sl/domain/astro';
import type { LevelPoint, ProfileNight } from '@sl/domain/lighting';
import type { EntityService } from '../entities/entity.service.ts';
import type { Caller } from '../auth/caller.ts';
import { ApiError } from '../http/api-error.ts';

// The shapes the lighting calls answer in, shared by the lamp’s, the profile’s and the draft’s nights and the year.

export const calendarDay = z.string().refine(isCalendarDay, 'a calendar day, YYYY-MM-DD');
export const instant = z.string().nullable();
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const levelPoint = (p: LevelPoint) => ({
  at: p.at.toISOString(),
  level: Math.round(p.level * 100) / 100,
});
/** A night as the lighting calls answer it: the method, its fallback, the switch instants and the level points. */
export const nightAnswer = (night: ProfileNight) => ({
  method: night.method,
  speed: night.speed,
  ...(night.fallback && { fallback: night.fallback }),
  burn: night.burn,
  on: iso(night.on),
  off: iso(night.off),
  points: night.points.map(levelPoint),
});

export const cityOut = z.object({ _id: z.number(), lat: z.number(), lon: z.number(), timezone: z.string() });
export const nightOut = z.object({
  kind: z.string(),
  method: z.enum(TWILIGHT_METHODS),
  speed: z.boolean(),
  fallback: z.enum(TWILIGHT_METHODS).optional(),
  burn: z.enum(['night', 'all', 'none']),
  on: instant,
  off: instant,
  /** the almanac's, for the night's chart; absent on polar days and nights */
  sunset: instant.optional(),
  sunrise: instant.optional(),
  city: cityOut,
  points: z.array(z.object({ at: z.string(), level: z.number() })),
});

/** The city a profile's night is computed for: the one asked for, else the profile's own; its zone, else UTC. */
export async function cityOf(
  service: EntityService,
  caller: Caller,
  asked: number | undefined,
  own: unknown,
) {
  const id = asked ?? (typeof own === 'number' ? own : undefined);
  if (id === undefined) throw new ApiError('IsInvalidError', ['city']);
  const city = await service.get(entity('Cities'), caller, id);
  const timezone = typeof city.timezone === 'string' && isTimeZone(city.timezone) ? city.timezone : 'UTC';
  return { _id: city._id, lat: Number(city.lat), lon: Number(city.lon), timezone };
}
