import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import { EntityService, type Placement } from '../entities/entity.service.ts';
import { placeInSockets, placeModulesInSockets } from '../import/import-sockets.ts';
import type { Gateway } from './talq-gateways.ts';
import { talqDevices } from './talq.table.ts';

const Modules = entity('LuminaryModules');
const Lamps = entity('Luminaries');
const Supports = entity('LuminarySupports');
const Meters = entity('Meters');

type Attribute = { type?: string; value?: unknown };
export type TalqFunction = { id: string; type: string } & Record<string, unknown>;
export type TalqDevice = { address: string; name: string; class: string; functions?: TalqFunction[] };
type Stored = typeof talqDevices.$inferSelect;
type Written = typeof Supports;

/** A module's MAC from its TALQ address (8 bytes of its hash): the console's modules need one, TALQ has none. */
export const macOfAddress = (address: string) =>
  createHash('sha256').update(address.toLowerCase()).digest('hex').slice(0, 16).toUpperCase();

const lampOf = (d: TalqDevice) => d.functions?.find((f) => f.type === 'LampActuatorFunction');
const isMeter = (d: TalqDevice) => d.functions?.some((f) => f.type === 'ElectricalMeterFunction') ?? false;

/** Its GeographicPosition: BasicFunction's `location`, else a LocationSensorFunction's. */
export function positionOf(d: TalqDevice): { lon: number; lat: number } | undefined {
  for (const type of ['BasicFunction', 'LocationSensorFunction']) {
    const f = d.functions?.find((x) => x.type === type);
    const v = (f?.location as Attribute | undefined)?.value as
      { latitude?: unknown; longitude?: unknown } | undefined;
    const lat = Number(v?.latitude);
    const lon = Number(v?.longitude);
    if (v && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180)
      return { lon, lat };
  }
  return undefined;
}

/** Whether the console makes the same of both: its name, its place, whether it is a lamp and whether a meter. */
function sameMaking(a: TalqDevice, b: TalqDevice): boolean {
  const [pa, pb] = [positionOf(a), positionOf(b)];
  return (
    a.name === b.name &&
    pa?.lat === pb?.lat &&
    pa?.lon === pb?.lon &&
    !lampOf(a) === !lampOf(b) &&
    isMeter(a) === isMeter(b)
  );
}

/** PATCH of TALQ: each function matched by id is merged attribute by attribute, any other is added. */
export function patched(current: TalqDevice, patch: Partial<TalqDevice>): TalqDevice {
  const functions = [...(current.functions ?? [])];
  for (const f of patch.functions ?? []) {
    const i = functions.findIndex((x) => x.id === f.id);
    if (i < 0) functions.push(f);
    else functions[i] = { ...functions[i]!, ...f };
  }
  return { ...current, ...patch, address: current.address, functions };
}

/**
 * The devices a gateway announced, as the console's own: a device with a LampActuatorFunction is a lamp control
 * module behind the gateway (its controller), with its lamp, and with a mounting at its position when it has one;
 * all in the gateway's group and city. The TALQ address is the identity: the module's, lamp's and mounting's uid
 * and the key of talq_devices.
 */
export class TalqDevices {
  constructor(
    private readonly db: Db,
    private readonly service: EntityService,
    /** for the batches of new devices, written as an import writes its rows */
    private readonly bulk: { repo: EntityRepository; placement?: Placement },
  ) {}

  /** The server acting for the gateway: its group only, every right there. */
  private callerOf(g: Gateway): Caller {
    return { groupId: g.group ?? undefined, allows: () => true };
  }

  async stored(addresses: string[]): Promise<Stored[]> {
    if (!addresses.length) return [];
    return this.db.select().from(talqDevices).where(inArray(talqDevices.address, addresses));
  }

  /** The gateway's devices in address order, a page of them when asked. */
  async list(g: Gateway, offset = 0, limit?: number): Promise<{ total: number; devices: TalqDevice[] }> {
    const mine = eq(talqDevices.gatewayId, g.id);
    const query = this.db
      .select({ device: talqDevices.device })
      .from(talqDevices)
      .where(mine)
      .orderBy(asc(talqDevices.address))
      .offset(offset);
    const rows = await (limit === undefined ? query : query.limit(limit));
    const [counted] = await this.db.select({ total: count() }).from(talqDevices).where(mine);
    return { total: Number(counted?.total ?? 0), devices: rows.map((r) => r.device as TalqDevice) };
  }

  /** Which of `devices` (none stored yet) `addMany` writes: the lamps; the rest go through `put` one by one. */
  static isLamp = (d: TalqDevice) => lampOf(d) !== undefined;

  /**
   * New lamp devices as `put` makes them, a batch in one transaction of a few statements (an announcement of
   * thousands made one by one took 190 ms a device): the mountings, the modules in their mountings' sockets, the
   * lamps beside their modules, each with its entry in the change log, and the devices themselves.
   */
  async addMany(g: Gateway, devices: TalqDevice[]): Promise<void> {
    if (!devices.length) return;
    const caller = this.callerOf(g);
    const city = g.city ?? undefined;
    const located = devices.map((d) => {
      const at = positionOf(d);
      return { d, location: at && { type: 'Point', coordinates: [at.lon, at.lat] } };
    });
    const made: Written[] = [];
    await this.db.transaction(async (tx) => {
      const inTx = new EntityService(
        this.bulk.repo.withDb(tx as unknown as Db),
        {},
        () => {},
        this.bulk.placement,
      );
      const prepare = (e: typeof Supports, rows: Record<string, unknown>[]) =>
        Promise.all(rows.map((r) => inTx.prepareCreate(e, caller, r, false)));
      const withPlace = located.filter((l) => l.location);
      const supports = await inTx.createMany(
        Supports,
        caller,
        await prepare(
          Supports,
          withPlace.map(({ d, location }) => ({ uid: d.address, street: d.name, city, location })),
        ),
      );
      const supportOf = new Map(withPlace.map((l, i) => [l.d.address, supports[i]!._id as number]));
      const modules = await inTx.createMany(
        Modules,
        caller,
        await prepare(
          Modules,
          located.map(({ d, location }) => ({
            mac: macOfAddress(d.address),
            uid: d.address,
            controller: g.id,
            city,
            ...(location && { location, luminarySupport: supportOf.get(d.address) }),
          })),
        ),
      );
      await placeModulesInSockets(tx as unknown as Db, caller, modules);
      const lamps = await inTx.createMany(
        Lamps,
        caller,
        await prepare(
          Lamps,
          located.map(({ d, location }, i) => ({
            uid: d.address,
            name: d.name.slice(0, 200),
            controlModule: modules[i]!._id,
            ...(location && { location, support: supportOf.get(d.address) }),
          })),
        ),
      );
      await placeInSockets(tx as unknown as Db, caller, lamps);
      const now = new Date();
      await tx.insert(talqDevices).values(
        located.map(({ d }, i) => ({
          address: d.address,
          gatewayId: g.id,
          class: d.class,
          device: d,
          moduleId: modules[i]!._id as number,
          luminaryId: lamps[i]!._id as number,
          supportId: supportOf.get(d.address) ?? null,
          updatedAt: now,
        })),
      );
      made.push(...(supports.length ? [Supports] : []), Modules, Lamps);
    });
    for (const e of made) {
      this.bulk.repo.wrote(e.table);
      this.service.announceWritten(e);
    }
  }

  /** Writes a device as announced (new or replacing what it was) and what the console makes of it. */
  async put(g: Gateway, d: TalqDevice, before?: Stored): Promise<void> {
    // most PATCHes carry attribute values (an override's feedback, a state): the module, lamp and mounting stay
    if (before && sameMaking(before.device as TalqDevice, d)) {
      await this.db
        .update(talqDevices)
        .set({ device: d, class: d.class, updatedAt: new Date() })
        .where(eq(talqDevices.address, d.address));
      return;
    }
    const caller = this.callerOf(g);
    const lamp = lampOf(d);
    const at = positionOf(d);
    const location = at ? { type: 'Point', coordinates: [at.lon, at.lat] } : undefined;
    let { moduleId, luminaryId, supportId } = before ?? { moduleId: null, luminaryId: null, supportId: null };
    if (lamp) {
      if (at && supportId === null) {
        const support = await this.service.create(Supports, caller, {
          uid: d.address,
          street: d.name,
          city: g.city ?? undefined,
          location,
        });
        supportId = support._id as number;
      } else if (at && supportId !== null) {
        await this.service.update(Supports, caller, supportId, { location });
      }
      const fields = {
        controller: g.id,
        city: g.city ?? undefined,
        ...(location && { location }),
        ...(supportId !== null && { luminarySupport: supportId }),
      };
      if (moduleId === null) {
        const module = await this.service.create(Modules, caller, {
          mac: macOfAddress(d.address),
          uid: d.address,
          ...fields,
        });
        moduleId = module._id as number;
      } else await this.service.update(Modules, caller, moduleId, fields);
      const lampFields = {
        name: d.name.slice(0, 200),
        controlModule: moduleId,
        ...(supportId !== null && { support: supportId }),
        ...(location && { location }),
      };
      if (luminaryId === null) {
        const row = await this.service.create(Lamps, caller, { uid: d.address, ...lampFields });
        luminaryId = row._id as number;
      } else await this.service.update(Lamps, caller, luminaryId, lampFields);
    } else {
      // a device that no longer has a lamp actuator (a PUT replaced its functions) is no module any more
      await this.removeMade(caller, { moduleId, luminaryId, supportId });
      moduleId = luminaryId = supportId = null;
    }
    await this.putMeter(g, d, caller);
    const row = {
      address: d.address,
      gatewayId: g.id,
      class: d.class,
      device: d,
      moduleId,
      luminaryId,
      supportId,
      updatedAt: new Date(),
    };
    await this.db
      .insert(talqDevices)
      .values(row)
      .onConflictDoUpdate({ target: talqDevices.address, set: row });
  }

  /**
   * A device with an ElectricalMeterFunction (and no lamp) is a meter of the gateway's cabinet, read through the
   * gateway: its serial is the TALQ address, its controller the gateway (whose readings of it are believed).
   * A device that no longer has the function is no meter any more.
   */
  private async putMeter(g: Gateway, d: TalqDevice, caller: Caller) {
    const [meter] = await this.db
      .select({ id: tableOf(Meters)._id })
      .from(tableOf(Meters))
      .where(and(eq(tableOf(Meters).serial, d.address), isNull(tableOf(Meters).deletedAt)));
    if (!isMeter(d) || lampOf(d)) {
      if (meter) await this.service.remove(Meters, caller, meter.id).catch(() => {});
      return;
    }
    if (meter) return;
    const C = tableOf(entity('Controllers'));
    const [gateway] = await this.db.select({ cabinet: C.cabinet }).from(C).where(eq(C._id, g.id));
    await this.service.create(Meters, caller, {
      serial: d.address,
      controller: g.id,
      ...(gateway?.cabinet != null && { cabinet: gateway.cabinet }),
    });
  }

  /** Forgets a device of the gateway and takes away what was made of it. */
  async remove(g: Gateway, stored: Stored) {
    await this.removeMade(this.callerOf(g), stored);
    await this.putMeter(g, { ...(stored.device as TalqDevice), functions: [] }, this.callerOf(g));
    await this.db
      .delete(talqDevices)
      .where(and(eq(talqDevices.address, stored.address), eq(talqDevices.gatewayId, g.id)));
  }

  private async removeMade(
    caller: Caller,
    made: { moduleId: number | null; luminaryId: number | null; supportId: number | null },
  ) {
    // the lamp first: it names the module and the mounting; the module's mounting is freed with its socket
    if (made.luminaryId !== null) await this.service.remove(Lamps, caller, made.luminaryId).catch(() => {});
    if (made.moduleId !== null) {
      await this.service
        .update(Modules, caller, made.moduleId, { luminarySupport: null })
        .catch(() => undefined);
      await this.service.remove(Modules, caller, made.moduleId).catch(() => {});
    }
    if (made.supportId !== null) await this.service.remove(Supports, caller, made.supportId).catch(() => {});
  }
}
