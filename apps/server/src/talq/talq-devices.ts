import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import type { EntityService } from '../entities/entity.service.ts';
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
    const all = await this.db
      .select({ device: talqDevices.device })
      .from(talqDevices)
      .where(eq(talqDevices.gatewayId, g.id))
      .orderBy(asc(talqDevices.address));
    const page = all.slice(offset, limit === undefined ? undefined : offset + limit);
    return { total: all.length, devices: page.map((r) => r.device as TalqDevice) };
  }

  /** Writes a device as announced (new or replacing what it was) and what the console makes of it. */
  async put(g: Gateway, d: TalqDevice, before?: Stored): Promise<void> {
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
