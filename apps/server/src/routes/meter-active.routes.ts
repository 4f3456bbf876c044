import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema, meterPowerUnit, meterRaw, round } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import { errorResponses } from './entity-schemas.ts';

const meters = entity('Meters');

type Phase = { phase: number; voltage: number; current: number; power: number; energy: number };

const activeOut = z.object({
  meter: z.number(),
  serial: z.string(),
  at: z.string().nullable(),
  powerUnit: z.enum(['W', 'kW']),
  phases: z.array(
    z.object({
      phase: z.number(),
      voltage: z.number(),
      current: z.number(),
      power: z.number(),
      energy: z.number(),
    }),
  ),
});

/** A meter's latest reading per phase, in the units of spec §9 (the power's unit by its largest phase). */
export function activeData(row: Record<string, unknown>) {
  const phases = (Array.isArray(row.energyData) ? row.energyData : []) as Phase[];
  const { unit, divisor } = meterPowerUnit(phases.map((p) => p.power));
  const at = row.lastReceivedAt;
  return {
    meter: Number(row._id),
    serial: String(row.serial),
    at: at instanceof Date ? at.toISOString() : typeof at === 'string' ? at : null,
    powerUnit: unit,
    phases: phases.map((p) => ({
      phase: p.phase,
      voltage: round(meterRaw(p.voltage) / 100, 2),
      current: round(meterRaw(p.current) / 1000, 2),
      power: round(meterRaw(p.power) / divisor, 2),
      energy: round(meterRaw(p.energy) / 1000, 2),
    })),
  };
}

/** Spec §7: MetersActiveData, the latest instant values of a meter. */
export function registerMeterActiveRoutes(app: FastifyInstance, service: EntityService) {
  for (const path of ['/api/v1/MetersActiveData', '/api/v2/meters-active-data'])
    app.withTypeProvider<ZodTypeProvider>().get(
      path,
      {
        schema: {
          tags: ['energy'],
          summary:
            'A meter’s latest reading per phase: voltage (V), current (A), power (W, or kW when a phase reaches 1 kW) and the energy counter (kWh); 65535 from the meter is 0.',
          querystring: z.strictObject({ meter: idSchema }),
          response: { 200: z.object({ error: z.literal(false), result: activeOut }), ...errorResponses },
        },
        config: { access: { area: meters.area, action: 'view', groupOwned: true } },
      },
      async (req) => ({
        error: false as const,
        result: activeData(await service.get(meters, req.caller, req.query.meter)),
      }),
    );
}
