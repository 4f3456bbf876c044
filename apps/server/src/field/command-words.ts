import { and, eq, inArray } from 'drizzle-orm';
import { controlAnswerError, entity, errorMessage, recordTitle, type Language } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { tables } from '../db/tables.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { namesOf, type Link } from '../history/record-names.ts';

const C = tables.Controllers!;
const CONTROLLERS = entity('Controllers');

type Archived = {
  type: string;
  target: unknown;
  payload: unknown;
  devices: { controllerMac: string; code: number | null }[];
};
type Row = Record<string, unknown>;

/** The record a command addressed, by its target's shape (control-targets.ts) and the command's type. */
function targetLink(type: string, target: Row): Link | undefined {
  const id = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const link = (name: string, v: unknown) => (id(v) === undefined ? undefined : { entity: name, id: id(v)! });
  if (target.by === 'id')
    return link(type === 'dim' || type === 'params' ? 'LuminaryModules' : 'Controllers', target.id);
  if (target.by === 'controller') return link('Controllers', target.id);
  if (target.by === 'support') return link('LuminarySupports', target.id);
  if (target.by === 'group') return link('GroupControl', target.group);
  if (target.by === 'district') return link('Districts', target.id);
  if (target.by === 'area') return undefined;
  return link('Controllers', target.controller);
}

const becauseOf = (payload: unknown) => {
  const b = (payload as { because?: { entity?: unknown; id?: unknown } } | null)?.because;
  return typeof b?.entity === 'string' && typeof b.id === 'number'
    ? { entity: b.entity, id: b.id }
    : undefined;
};

/**
 * The archive's commands in the operator's words (issue 28 §4): the name of the record a command addressed, the
 * record whose change a program follows, and at each controller its name and the message its answer code means.
 */
export async function commandsInWords<T extends Archived>(
  db: Db,
  service: EntityService,
  caller: Caller,
  lang: Language,
  commands: T[],
) {
  const links = commands.flatMap((c) =>
    [targetLink(c.type, (c.target ?? {}) as Row), becauseOf(c.payload)].filter((l) => l !== undefined),
  );
  const names = await namesOf(service, caller, lang, links);
  const macs = [...new Set(commands.flatMap((c) => c.devices.map((d) => d.controllerMac)))];
  const scope = caller.groupId === undefined ? undefined : eq(C.group, caller.groupId);
  const controllers = macs.length
    ? await db
        .select()
        .from(C)
        .where(and(inArray(C.mac, macs), scope))
    : [];
  const byMac = new Map(controllers.map((r) => [r.mac as string, recordTitle(CONTROLLERS, r, lang)]));
  const nameOf = (l: Link | undefined) => (l && names[l.entity]?.[String(l.id)]) ?? null;
  const kind = (type: string) => (type === 'dim' || type === 'params' ? 'dim' : 'switch');
  return commands.map((c) => {
    const because = becauseOf(c.payload);
    return {
      ...c,
      targetName: nameOf(targetLink(c.type, (c.target ?? {}) as Row)),
      ...(because && { because: { ...because, name: nameOf(because) } }),
      devices: c.devices.map((d) => {
        const failure = d.code == null ? undefined : controlAnswerError(d.code, kind(c.type));
        return {
          ...d,
          name: byMac.get(d.controllerMac) ?? null,
          message: failure ? errorMessage(failure, lang) : '',
        };
      }),
    };
  });
}
