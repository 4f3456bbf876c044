import { entity, LAMP_PART_KINDS, MAC, type PartKind } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { EntityHooks, EntityService } from '../entities/entity.service.ts';
import type { ApiRow } from '../entities/row-mapper.ts';
import type { Raw } from '../field/offline-sweep.ts';
import { ApiError } from '../http/api-error.ts';
import { devicesOfOrder, devicesOfOrders, refsOf } from './order-devices.ts';
import { fittedModuleOf, makeFittedModule, swapModules } from './module-swap.ts';

type Row = Record<string, unknown>;
const ORDERS = entity('WorkOrders');
const MODULES = entity('LuminaryModules');
const LAMPS = entity('Luminaries');

/** A part is replaced while the order is worked on, or after, to correct what was recorded. */
const REPLACING_STATES: readonly unknown[] = ['IN_PROGRESS', 'DONE'];

const idOf = (v: unknown): number | null => (v == null ? null : Number(v));

/** The order, as the caller may see it (a crew member: their crews' orders only; another one is not found). */
async function orderOf(service: EntityService, caller: Caller, id: number | null) {
  if (id == null) throw new ApiError('IsInvalidError', ['workOrder']);
  try {
    return await service.get(ORDERS, caller, id);
  } catch (err) {
    if (err instanceof ApiError && (err.code === 'NotFoundError' || err.code === 'IsDeletedError'))
      throw new ApiError('NotFoundError', ['workOrder']);
    throw err;
  }
}

/**
 * A part replaced (issue 32), recorded on a work order in progress (or done, to correct it) on one of its devices,
 * by the signed-in user, and what it does to the devices: a lamp replaced takes the fitted model and the day as its
 * installation date, so that its burn hours count from then (db/lamp-starts.ts reads it); a control module
 * replaced hands its place to the fitted one (module-swap.ts). A driver replaced changes nothing on the lamp: the
 * LED board keeps ageing from the lamp's installation (its warranty and light loss count from there), the driver's
 * own age is the day of its last replacement, read from these records.
 */
export function partReplacementHooks(raw: Raw, service: EntityService): EntityHooks {
  return {
    async beforeCreate(caller: Caller, data: Row) {
      data.replacedBy = caller.userId ?? null;
      data.fittedModule = null;
      const order = await orderOf(service, caller, idOf(data.workOrder));
      if (!REPLACING_STATES.includes(order.status)) throw new ApiError('IsInvalidError', ['workOrder']);
      data.group = order.group ?? null;
      const refs = refsOf(order);
      const devices = devicesOfOrder(await devicesOfOrders(raw, caller.groupId, [refs]), refs);
      const kind = data.kind as PartKind;
      if (LAMP_PART_KINDS.includes(kind)) {
        const lamp = idOf(data.luminary);
        if (lamp == null || !devices.lamps.some((l) => l._id === lamp))
          throw new ApiError('IsInvalidError', ['luminary']);
        if (data.module != null) throw new ApiError('IsInvalidError', ['module']);
        return;
      }
      const removedId = idOf(data.module);
      const removed = devices.modules.find((m) => m._id === removedId);
      if (!removed) throw new ApiError('IsInvalidError', ['module']);
      const mac = typeof data.fittedSerial === 'string' ? data.fittedSerial.trim() : '';
      if (!MAC.test(mac)) throw new ApiError('IsInvalidError', ['fittedSerial']);
      const record = await service.get(MODULES, caller, removed._id);
      data.removedSerial = removed.mac;
      data.luminary = devices.lamps.find((l) => l.module === removed._id)?._id ?? null;
      // refused before anything is made or moved
      data.fittedModule =
        (await fittedModuleOf(raw, mac, record)) ?? (await makeFittedModule(service, caller, mac, record));
      data.fittedSerial = String((await service.get(MODULES, caller, data.fittedModule as number)).mac);
    },
    async afterCreate(caller: Caller, row: ApiRow) {
      if (row.kind === 'LAMP')
        await service.update(LAMPS, caller, Number(row.luminary), {
          installationDate: row.replacedOn,
          ...(row.fittedModel != null && { model: row.fittedModel }),
        });
      if (row.kind === 'CONTROL_MODULE')
        await swapModules(raw, service, caller, Number(row.module), Number(row.fittedModule));
    },
  };
}
