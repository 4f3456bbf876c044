import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema, meterPowerUnit, meterRaw, round } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const meters = entity('Meters');

/** What a range of readings answers at most; older ones are asked for with a narrower range. */
export const MAX_ACTIVE_READINGS = 1000;

type Phase = { phase: number; voltage: number; current: number; power: number; energy: number };

const phasesOut = z.array(
  z.object({
    phase: z.number(),
    voltage: z.number(),
    current: z.number(),
    power: z.number(),
    energy: z.number(),
  }),
);

const activeOut = z.object({
  meter: z.number(),
  serial: z.string(),
  at: z.string().nullable(),
  powerUnit: z.enum(['W', 'kW']),
  phases: phasesOut,
  /** asked with a sort or a date range: the readings within it, in the latest reading's power unit */
  readings: z.array(z.object({ at: z.string(), phases: phasesOut })).optional(),
});

const rangeQuery = {
  sort: z.enum(['date', '-date']).optional(),
  date_gte: z.iso.datetime({ offset: true }).optional(),
  date_lte: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_ACTIVE_READINGS).optional(),
};

const iso = (at: unknown) => (at instanceof Date ? at.toISOString() : typeof at === 'string' ? at : null);

/** Phases in the units of spec §9: V, A, the power in `divisor` (W or kW), kWh. */
const phasesIn = (phases: Phase[], divisor: number) =>
  phases.map((p) => ({
    phase: p.phase,
    voltage: round(meterRaw(p.voltage) / 100, 2),
    current: round(meterRaw(p.current) / 1000, 2),
    power: round(meterRaw(p.power) / divisor, 2),
    energy: round(meterRaw(p.energy) / 1000, 2),
  }));

/** A meter's latest reading per phase, in the units of spec §9 (the power's unit by its largest phase). */
export function activeData(row: Record<string, unknown>) {
  const { unit, divisor, phases } = latestPhases(row);
  return {
    meter: Number(row._id),
    serial: String(row.serial),
    at: iso(row.lastReceivedAt),
    powerUnit: unit,
    phases: phasesIn(phases, divisor),
  };
}

function latestPhases(row: Record<string, unknown>) {
  const phases = (Array.isArray(row.energyData) ? row.energyData : []) as Phase[];
  return { phases, ...meterPowerUnit(phases.map((p) => p.power)) };
}

type Range = { sort?: 'date' | '-date'; date_gte?: string; date_lte?: string; limit?: number };

/** The meter's readings within the range as it sent them (while the raw readings are kept), each per phase. */
async function readingsIn(raw: Raw, serial: string, range: Range, divisor: number) {
  const { rows } = await raw.query(
    `with t as (select distinct at from meter_readings where serial = $1
        and ($2::timestamptz is null or at >= $2) and ($3::timestamptz is null or at <= $3)
        order by at ${range.sort === 'date' ? 'asc' : 'desc'} limit $4)
     select r.at, r.phase, r.voltage, r.current, r.power, r.energy
     from meter_readings r join t on t.at = r.at where r.serial = $1
     order by r.at ${range.sort === 'date' ? 'asc' : 'desc'}, r.phase`,
    [serial, range.date_gte ?? null, range.date_lte ?? null, range.limit ?? MAX_ACTIVE_READINGS],
  );
  const byAt = new Map<string, Phase[]>();
  for (const r of rows) {
    const at = iso(r.at)!;
    if (!byAt.has(at)) byAt.set(at, []);
    byAt.get(at)!.push({
      phase: Number(r.phase),
      voltage: Number(r.voltage),
      current: Number(r.current),
      power: Number(r.power),
      energy: Number(r.energy),
    });
  }
  return [...byAt].map(([at, phases]) => ({ at, phases: phasesIn(phases, divisor) }));
}

/** Spec §7: MetersActiveData, the latest instant values of a meter, and with a sort or date range its readings. */
export function registerMeterActiveRoutes(app: FastifyInstance, service: EntityService, raw: Raw) {
  for (const path of ['/api/v1/MetersActiveData', '/api/v2/meters-active-data'])
    app.withTypeProvider<ZodTypeProvider>().get(
      path,
      {
        schema: {
          tags: ['energy'],
          summary:
            'A meter’s latest reading per phase: voltage (V), current (A), power (W, or kW when a phase reaches 1 kW) and the energy counter (kWh); 65535 from the meter is 0. With sort (date, -date), date_gte, date_lte or limit (at most 1000) also its readings within the range, newest first unless sorted by date, while the raw readings are kept.',
          querystring: z.strictObject({ meter: idSchema, ...rangeQuery }),
          response: { 200: z.object({ error: z.literal(false), result: activeOut }), ...errorResponses },
        },
        config: { access: { area: meters.area, action: 'view', groupOwned: true } },
      },
      async (req) => {
        const { meter, ...range } = req.query;
        const row = await service.get(meters, req.caller, meter);
        const latest = activeData(row);
        const ranged = Object.values(range).some((v) => v !== undefined);
        if (!ranged) return { error: false as const, result: latest };
        const readings = await readingsIn(raw, latest.serial, range, latestPhases(row).divisor);
        return { error: false as const, result: { ...latest, readings } };
      },
    );
}
