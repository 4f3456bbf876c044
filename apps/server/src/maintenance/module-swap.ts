import { canonicalMac, entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import { ApiError } from '../http/api-error.ts';

type Row = Record<string, unknown>;
const MODULES = entity('LuminaryModules');
const SUPPORTS = entity('LuminarySupports');
const LAMPS = entity('Luminaries');

// what a module carries of its place beyond its socket: the fitted one takes them, the one taken out drops them
const CARRIED = ['controller', 'phase', 'profileId', 'city', 'segment', 'height'] as const;

/**
 * The module to fit by its MAC: the one of that MAC when it is free (not in a socket, no lamp's, of the removed
 * one's group), else refused as used; none of that MAC yet: undefined, to be made.
 */
export async function fittedModuleOf(raw: Raw, mac: string, removed: Row): Promise<number | undefined> {
  const { rows } = await raw.query(
    `select m._id, m."group", m.luminary_support is not null
        or exists (select 1 from socket_modules k where k.module = m._id)
        or exists (select 1 from luminaries l where l.control_module = m._id and l.deleted_at is null) as mounted
      from luminary_modules m where m.mac = $1 and m.deleted_at is null`,
    [canonicalMac(mac)],
  );
  const found = rows[0];
  if (!found) return undefined;
  const otherGroup = removed.group != null && Number(found.group) !== Number(removed.group);
  if (found.mounted || otherGroup || Number(found._id) === Number(removed._id))
    throw new ApiError('IsUsedError', ['fittedSerial']);
  return Number(found._id);
}

/** A module of a MAC no record has yet: made in the removed one's group, to be placed at once. */
export async function makeFittedModule(service: EntityService, caller: Caller, mac: string, removed: Row) {
  const made = await service.create(MODULES, caller, {
    mac: canonicalMac(mac),
    group: removed.group ?? null,
  });
  return Number(made._id);
}

/**
 * A MAC swap (issue 32): the fitted module takes the removed one's sockets (and with them its mounting, place,
 * district and the sockets' group control: db/socket-places.ts), its lamps, controller, phase, program and group;
 * the removed one is left unmounted with nothing of the place, its history and readings under its own record.
 * Each step through the service, so that each device's history says who changed what.
 */
export async function swapModules(
  raw: Raw,
  service: EntityService,
  caller: Caller,
  removedId: number,
  fittedId: number,
) {
  const removed = await service.get(MODULES, caller, removedId);
  const { rows: holders } = await raw.query(
    `select _id, sockets from luminary_supports where deleted_at is null and sockets @> $1::jsonb order by _id`,
    [JSON.stringify([{ luminaryModule: removedId }])],
  );
  for (const h of holders) {
    const sockets = (h.sockets as Row[]).map((s) =>
      s?.luminaryModule === removedId ? { ...s, luminaryModule: fittedId } : s,
    );
    await service.update(SUPPORTS, caller, Number(h._id), { sockets });
  }
  // lamps that name the module without a socket saying so
  const { rows: lamps } = await raw.query(
    `select _id from luminaries where control_module = $1 and deleted_at is null order by _id`,
    [removedId],
  );
  for (const l of lamps) await service.update(LAMPS, caller, Number(l._id), { controlModule: fittedId });
  const carried: Row = { status: 'MOUNTED', group: removed.group ?? null };
  for (const field of CARRIED) if (removed[field] != null) carried[field] = removed[field];
  await service.update(MODULES, caller, fittedId, carried);
  const dropped: Row = { status: 'UNMOUNTED' };
  for (const field of CARRIED) if (removed[field] != null && field !== 'city') dropped[field] = null;
  await service.update(MODULES, caller, removedId, dropped);
}
