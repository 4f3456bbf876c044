import { entity, meterPowerUnit, round } from '@sl/domain';
import { addDays, isTimeZone, zonedInstant } from '@sl/domain/astro';
import {
  defaultReportRange,
  energyFigures,
  isNightHour,
  kwhOf,
  periodLabel,
  type GroupType,
  type Tariff,
} from '@sl/domain/energy';
import type { Db } from '../db/connect.ts';
import { queryWith } from '../db/query-with.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { Caller } from '../auth/caller.ts';
import { ApiError } from '../http/api-error.ts';
import {
  consumptionSql,
  allConsumptionSql,
  districtConsumptionSql,
  groupControlConsumptionSql,
  groupConsumptionSql,
  indicationsSql,
  instantValuesSql,
  periodsSql,
} from './report-queries.ts';

export type ReportQuery = {
  start?: string;
  end?: string;
  groupType: GroupType;
  group?: number;
  cabinet?: number;
  meter?: number;
  district?: number;
  groupControl?: number;
  city?: number;
  limit?: number;
};

type Raw = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
type City = Tariff & { _id: number; timezone: string; nightFrom: number; nightTo: number };

const num = (v: unknown) => Number(v ?? 0);

/** A period in which no meter of the report read: its figures are empty, not 0. */
const NO_READINGS = { kwh: null, cost: null, co2Kg: null };

/** Indications and instant values are the meters'; a group control has none. */
function meteredOnly(q: ReportQuery) {
  if (q.groupControl !== undefined) throw new ApiError('IsInvalidError', ['groupControl']);
}

/**
 * A group control's consumption reads its lamps' ranges of days out of module_days, which holds every module's: by
 * their index, never by a scan of the table (chosen where the table held little else: 1 s against 0.27 s for 500
 * lamps' month, bench:reports), and not JIT-compiled (50 ms of compiling for a plan priced dear by its row count).
 */
const GROUP_CONTROL_SETTINGS = { enable_seqscan: 'off', jit: 'off' };

/** Energy reports over the meters a caller sees: a whole group, a district's, a cabinet's or one meter. */
export class ReportService {
  private readonly raw: Raw;
  constructor(
    db: Db,
    private readonly service: EntityService,
    private readonly now: () => Date,
  ) {
    this.raw = (db as unknown as { $client: Raw }).$client;
  }

  /** Whose meters, on which city's clock and tariff, over which range (spec §9's default: today so far). */
  async scope(caller: Caller, q: ReportQuery) {
    const cabinet = q.cabinet ? await this.service.get(entity('Cabinets'), caller, q.cabinet) : undefined;
    const meter = q.meter ? await this.service.get(entity('Meters'), caller, q.meter) : undefined;
    const district = q.district ? await this.service.get(entity('Districts'), caller, q.district) : undefined;
    // a group control's lamps are metered by their modules, not by the cabinets' meters: no narrower scope
    const narrower = (['cabinet', 'meter', 'district'] as const).filter((k) => q[k] !== undefined);
    if (q.groupControl && narrower.length)
      throw new ApiError('IsInvalidError', ['groupControl', ...narrower]);
    const control = q.groupControl
      ? await this.service.get(entity('GroupControl'), caller, q.groupControl)
      : undefined;
    const groupId =
      caller.groupId ?? q.group ?? num(meter?.group ?? cabinet?.group ?? control?.group) ?? undefined;
    const group = groupId ? await this.service.get(entity('Groups'), caller, groupId) : undefined;
    const cityId =
      q.city ?? (district?.city as number | null | undefined) ?? (group?.cities as number[] | undefined)?.[0];
    const c = cityId ? await this.service.get(entity('Cities'), caller, cityId) : undefined;
    const zone = [c?.timezone, group?.timezone].find((z) => typeof z === 'string' && isTimeZone(z));
    const city: City = {
      _id: num(c?._id),
      timezone: (zone as string | undefined) ?? 'UTC',
      tariff: (c?.tariff as number | null) ?? null,
      nightTariff: (c?.nightTariff as number | null) ?? null,
      nightFrom: (c?.nightFrom as number | null) ?? 23,
      nightTo: (c?.nightTo as number | null) ?? 7,
      co2Factor: (c?.co2Factor as number | null) ?? null,
      currency: (c?.currency as string | null) ?? null,
    };
    const range = defaultReportRange(this.now(), city.timezone);
    const start = q.start ? instant(q.start, city.timezone) : range.start;
    const end = q.end ? instant(q.end, city.timezone, 1) : range.end;
    if (end <= start) throw new ApiError('IsInvalidError', ['start', 'end']);
    const params = [
      start.toISOString(),
      end.toISOString(),
      groupId || null,
      q.cabinet ?? null,
      q.meter ?? null,
      city.timezone,
      q.district ?? null,
      q.groupControl ?? null,
    ];
    return { city, start, end, params };
  }

  /** Runs a report's query with the scope's parameters it names ($1..$n): a driver refuses a parameter left unused. */
  async rows(text: string, params: unknown[], settings: Record<string, string> = {}) {
    const named = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    return (await queryWith(this.raw, settings, text, params.slice(0, named))).rows;
  }

  /** The first day (YYYY-MM-DD, on the city clock) of every period of the range, with readings or not. */
  async periods(groupType: GroupType, start: Date, end: Date, timezone: string): Promise<string[]> {
    const periods = await queryWith(this.raw, {}, periodsSql(groupType), [
      start.toISOString(),
      end.toISOString(),
      timezone,
    ]);
    return periods.rows.map((r) => String(r.first_day));
  }

  async consumption(caller: Caller, q: ReportQuery) {
    const { city, start, end, params } = await this.scope(caller, q);
    const buckets = new Map<string, { wh: number; nightWh: number }>();
    // a whole group, every group or a district: the pre-summed hours; a cabinet's or a meter's: the meters' hours
    const { query, settings } = this.consumptionQuery(params);
    for (const r of await this.rows(query(q.groupType), params, settings)) {
      const day = String(r.first_day);
      const b = buckets.get(day) ?? { wh: 0, nightWh: 0 };
      buckets.set(day, b);
      b.wh += num(r.wh);
      if (isNightHour(num(r.local_hour), city.nightFrom, city.nightTo)) b.nightWh += num(r.wh);
    }
    // every period of the range, those without a reading too: no readings is not 0 kWh
    const periods = await this.periods(q.groupType, start, end, city.timezone);
    const days = [...new Set([...periods, ...buckets.keys()])].sort();
    const all = days.slice(0, q.limit).map((day) => [day, buckets.get(day)] as const);
    const total = all.reduce(
      (t, [, b]) => ({ wh: t.wh + (b?.wh ?? 0), nightWh: t.nightWh + (b?.nightWh ?? 0) }),
      {
        wh: 0,
        nightWh: 0,
      },
    );
    return {
      ...this.head('consumption', q.groupType, city, start, end),
      rows: all.map(([day, b]) => ({
        period: periodLabel(q.groupType, day),
        ...(b ? energyFigures(b.wh, b.nightWh, city) : NO_READINGS),
      })),
      // no period with a reading: nothing is known of the range's consumption, which is not 0 kWh
      total: all.some(([, b]) => b) ? energyFigures(total.wh, total.nightWh, city) : NO_READINGS,
    };
  }

  /** The consumption query of the scope, and the planner settings it runs with. */
  private consumptionQuery([, , group, cabinet, meter, , district, groupControl]: unknown[]) {
    const plain = (query: (g: GroupType) => string) => ({ query, settings: {} });
    if (groupControl !== null) return { query: groupControlConsumptionSql, settings: GROUP_CONTROL_SETTINGS };
    if (cabinet !== null || meter !== null) return plain(consumptionSql);
    if (district !== null) return plain(districtConsumptionSql);
    return plain(group === null ? allConsumptionSql : groupConsumptionSql);
  }

  async indications(caller: Caller, q: ReportQuery) {
    meteredOnly(q);
    const { city, start, end, params } = await this.scope(caller, q);
    const thousandths = (v: unknown) => (v == null ? null : round(kwhOf(num(v)), 3));
    const rows = this.perMeter(await this.rows(indicationsSql(q.groupType), params), q, (r) => ({
      phase: num(r.phase),
      kwh: round(kwhOf(num(r.wh)), 3),
      exportKwh: thousandths(r.export_wh),
      kvarh: thousandths(r.varh),
      exportKvarh: thousandths(r.export_varh),
    }));
    // a register's total over the phases that have it; empty when none has
    const total = (values: (number | null)[]) =>
      values.some((v) => v != null)
        ? round(
            values.reduce<number>((s, v) => s + (v ?? 0), 0),
            3,
          )
        : null;
    return {
      ...this.head('indications', q.groupType, city, start, end),
      rows: rows.map((r) => ({
        ...r,
        kwh: total(r.phases.map((p) => p.kwh)) ?? 0,
        exportKwh: total(r.phases.map((p) => p.exportKwh)),
        kvarh: total(r.phases.map((p) => p.kvarh)),
        exportKvarh: total(r.phases.map((p) => p.exportKvarh)),
      })),
    };
  }

  async instantValues(caller: Caller, q: ReportQuery) {
    meteredOnly(q);
    const { city, start, end, params } = await this.scope(caller, q);
    const rows = this.perMeter(await this.rows(instantValuesSql(q.groupType), params), q, (r) => r);
    return {
      ...this.head('instant-values', q.groupType, city, start, end),
      rows: rows.map(({ phases, ...r }) => {
        const { unit, divisor } = meterPowerUnit(phases.map((p) => num(p.power_max)));
        return {
          ...r,
          powerUnit: unit,
          phases: phases.map((p) => ({
            phase: num(p.phase),
            power: round(num(p.power) / divisor, 2),
            powerMax: round(num(p.power_max) / divisor, 2),
            voltage: round(num(p.voltage) / 100, 2),
            current: round(num(p.current) / 1000, 2),
          })),
        };
      }),
    };
  }

  head(type: string, groupType: GroupType, city: City, start: Date, end: Date) {
    return {
      type,
      groupType,
      start: start.toISOString(),
      end: end.toISOString(),
      city: { _id: city._id, timezone: city.timezone, currency: city.currency ?? null },
    };
  }

  /** Rows of one meter's phases in one bucket, gathered into one row with a list of phases. */
  private perMeter<P>(
    rows: Record<string, unknown>[],
    q: ReportQuery,
    phase: (r: Record<string, unknown>) => P,
  ) {
    const out = new Map<
      string,
      { period: string; meter: number; serial: string; cabinet: number | null; phases: P[] }
    >();
    for (const r of rows) {
      const key = `${String(r.first_day)}\u0000${String(r.meter)}`;
      let row = out.get(key);
      if (!row) {
        row = {
          period: periodLabel(q.groupType, String(r.first_day)),
          meter: num(r.meter),
          serial: String(r.serial),
          cabinet: r.cabinet == null ? null : num(r.cabinet),
          phases: [],
        };
        out.set(key, row);
      }
      row.phases.push(phase(r));
    }
    return [...out.values()].slice(0, q.limit);
  }
}

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO instant as it is; a plain day as the start of that local day, or of the one `after` days later. */
const instant = (value: string, timezone: string, after = 0) =>
  PLAIN_DAY.test(value) ? zonedInstant(addDays(value, after), '00:00', timezone) : new Date(value);
