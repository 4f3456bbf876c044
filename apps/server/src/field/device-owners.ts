import type { MeterReading, ModuleReading, PhaseRegisters } from '@sl/protocol';
import { chunks } from './field-writes.ts';
import type { IngestCounters, IngestLog } from './ingest-counters.ts';
import type { MeterRegisters } from './meter-rises.ts';
import type { Raw } from './offline-sweep.ts';

export type ModuleBatch = { controller: string; modules: ModuleReading[] };
export type ControllerMeterReading = { controller: string; reading: MeterReading };

/** How long a module's controller is believed without asking the database again. */
const ASSIGNMENT_MS = 60_000;
/** modules whose controller is kept in memory at once (about 100 bytes each) */
const ASSIGNMENTS_MAX = 2_000_000;

/**
 * Which readings each device's own controller sent (DESIGN.md §5): a reading sent by any other controller, or for a
 * device that belongs to none, is counted and dropped, and so is one for a device nobody knows.
 */
export class DeviceOwners {
  /** module MAC → the MAC of the controller it is assigned to (null: none; false: no such module), for a while */
  private readonly assignments = new Map<string, { owner: string | null | false; until: number }>();
  /** controllers already logged for a foreign reading */
  private readonly loggedForeign = new Set<string>();

  constructor(
    private readonly raw: Raw,
    private readonly counters: IngestCounters,
    private readonly log: IngestLog,
  ) {}

  /** Forgets which controller each module belongs to (a module or controller was changed in this process). */
  forget() {
    this.assignments.clear();
  }

  /**
   * The module readings their own controllers sent, every one for the history and the newest per module for the
   * current state. Which controller a module belongs to is asked of the database once a minute per module.
   */
  async modules(batches: ModuleBatch[]) {
    const now = Date.now();
    const missing = new Set<string>();
    for (const b of batches)
      for (const r of b.modules) {
        const known = this.assignments.get(r.mac);
        if (!known || known.until < now) missing.add(r.mac);
      }
    if (missing.size) await this.ask([...missing], now + ASSIGNMENT_MS);
    const history: ModuleReading[] = [];
    const latest = new Map<string, ModuleReading>();
    for (const b of batches)
      for (const r of b.modules) {
        const owner = this.assignments.get(r.mac)?.owner ?? false;
        if (owner === b.controller) {
          history.push(r);
          latest.set(r.mac, r);
        } else if (owner === false) this.counters.unknownDevices += 1;
        else this.foreign(b.controller, { module: r.mac }, owner);
      }
    return { history, modules: [...latest.values()] };
  }

  private async ask(macs: string[], until: number) {
    if (this.assignments.size + macs.length > ASSIGNMENTS_MAX) this.assignments.clear();
    for (const chunk of chunks(macs, 5000)) {
      const { rows } = await this.raw.query(
        `select m.mac, c.mac as owner from luminary_modules m
          left join controllers c on c._id = m.controller and c.deleted_at is null
        where m.mac = any($1::text[]) and m.deleted_at is null`,
        [chunk],
      );
      const found = new Map(rows.map((r) => [r.mac as string, (r.owner as string | null) ?? null]));
      for (const mac of chunk) this.assignments.set(mac, { owner: found.get(mac) ?? false, until });
    }
  }

  /**
   * The meter readings each meter's own controller sent: the controller the meter names, or, when it names none,
   * its cabinet's (the one the cabinet names, or one that names the cabinet). Meters read a few times a minute per
   * cabinet, so their controllers are asked of the database at each flush that has meter readings, never believed
   * from a cache; so are their latest registers (`stored`), which a reading's rise is judged against.
   */
  async meters(meters: ControllerMeterReading[]) {
    const stored = new Map<string, MeterRegisters>();
    if (!meters.length) return { readings: meters, stored };
    const owners = new Map<string, Set<string>>();
    for (const chunk of chunks([...new Set(meters.map((m) => m.reading.serial))], 5000)) {
      const { rows } = await this.raw.query(
        `select m.serial, o.mac as owner, m.energy_data as phases, m.last_received_at as at from meters m
          left join lateral (
            select c.mac from controllers c where c._id = m.controller and c.deleted_at is null
            union
            select c.mac from cabinets k join controllers c on c._id = k.controller and c.deleted_at is null
            where m.controller is null and k._id = m.cabinet and k.deleted_at is null
            union
            select c.mac from controllers c
            where m.controller is null and c.cabinet = m.cabinet and c.deleted_at is null
          ) o on true
          where m.serial = any($1::text[]) and m.deleted_at is null`,
        [chunk],
      );
      for (const r of rows) {
        const serial = r.serial as string;
        const set = owners.get(serial) ?? new Set<string>();
        owners.set(serial, set);
        if (r.owner) set.add(r.owner as string);
        if (r.at && Array.isArray(r.phases))
          stored.set(serial, {
            at: new Date(r.at as string).toISOString(),
            phases: r.phases as PhaseRegisters[],
          });
      }
    }
    const believed: ControllerMeterReading[] = [];
    for (const m of meters) {
      const { controller, reading } = m;
      const owner = owners.get(reading.serial);
      if (owner?.has(controller)) believed.push(m);
      else if (owner === undefined) this.counters.unknownDevices += 1;
      else this.foreign(controller, { meter: reading.serial }, [...owner].join(',') || null);
    }
    return { readings: believed, stored };
  }

  private foreign(controller: string, device: { module: string } | { meter: string }, owner: string | null) {
    this.counters.foreignReadings += 1;
    if (this.loggedForeign.has(controller)) return;
    if (this.loggedForeign.size >= 10_000) this.loggedForeign.clear();
    this.loggedForeign.add(controller);
    this.log.warn(
      { controller, ...device, owner },
      'reading for a device of another controller dropped (further ones from this controller are only counted)',
    );
  }
}
