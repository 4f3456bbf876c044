import type { Entity } from './entity.ts';
import type { Field } from './fields.ts';
import { Cabinets } from './entities/cabinets.ts';
import { CalendarProfiles } from './entities/calendar-profiles.ts';
import { Categories } from './entities/categories.ts';
import { Cities } from './entities/cities.ts';
import { Districts } from './entities/districts.ts';
import { ControllerSchedule } from './entities/controller-schedule.ts';
import { Controllers } from './entities/controllers.ts';
import { Crews } from './entities/crews.ts';
import { FaultKinds } from './entities/fault-kinds.ts';
import { GroupControl } from './entities/group-control.ts';
import { Groups } from './entities/groups.ts';
import { ImportantEvents } from './entities/important-events.ts';
import { Luminaries } from './entities/luminaries.ts';
import { LuminaryModels } from './entities/luminary-models.ts';
import { LuminaryModules } from './entities/luminary-modules.ts';
import { LuminarySupports } from './entities/luminary-supports.ts';
import { MeterModels } from './entities/meter-models.ts';
import { Meters } from './entities/meters.ts';
import { MetersAverageData } from './entities/meters-average-data.ts';
import { Politics } from './entities/politics.ts';
import { Profiles } from './entities/profiles.ts';
import { Roles } from './entities/roles.ts';
import {
  LuminarySupportCategories,
  LuminarySupportOwners,
  LuminarySupportTypes,
  Types,
  Vendors,
} from './entities/reference-books.ts';
import { Users } from './entities/users.ts';
import { WorkOrders } from './entities/work-orders.ts';
import { WorkOrderRules } from './entities/work-order-rules.ts';
import { PartReplacements } from './entities/part-replacements.ts';
import { Open311Clients, ServiceRequests } from './entities/open311.ts';

export { CABINET_DOOR, CABINET_MODES } from './entities/cabinets.ts';

export const ENTITIES: readonly Entity[] = [
  Groups,
  Cities,
  Districts,
  Roles,
  Users,
  Vendors,
  Types,
  LuminarySupportTypes,
  LuminarySupportOwners,
  LuminarySupportCategories,
  LuminaryModels,
  MeterModels,
  LuminarySupports,
  Luminaries,
  LuminaryModules,
  Controllers,
  Cabinets,
  Meters,
  MetersAverageData,
  GroupControl,
  Profiles,
  Categories,
  CalendarProfiles,
  ControllerSchedule,
  Politics,
  ImportantEvents,
  FaultKinds,
  Crews,
  WorkOrders,
  WorkOrderRules,
  PartReplacements,
  Open311Clients,
  ServiceRequests,
];

const byName = new Map(ENTITIES.map((e) => [e.name, e]));

export function entity(name: string): Entity {
  const found = byName.get(name);
  if (!found) throw new Error(`no entity ${name}`);
  return found;
}

/** Every (entity, field path) that points at `target`, including refs inside sub-structures. */
export type Referrer = { entity: Entity; path: string[]; many: boolean };
export function referrersOf(target: string): Referrer[] {
  const out: Referrer[] = [];
  for (const e of ENTITIES) {
    for (const [name, field] of Object.entries(e.fields)) {
      walkRefs(field, [name], (path, entityName, many) => {
        if (entityName === target) out.push({ entity: e, path, many });
      });
    }
  }
  return out;
}

export function walkRefs(
  field: Field,
  path: string[],
  visit: (path: string[], entity: string, many: boolean) => void,
): void {
  if (field.kind === 'ref') visit(path, field.entity, false);
  else if (field.kind === 'refs') visit(path, field.entity, true);
  else if (field.kind === 'object')
    for (const [n, f] of Object.entries(field.fields)) walkRefs(f, [...path, n], visit);
  else if (field.kind === 'list') walkRefs(field.of, [...path, '[]'], visit);
}
