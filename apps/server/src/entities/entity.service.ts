import type { ApiRow } from './row-mapper.ts';
import { hash } from '@node-rs/argon2';
import type { Entity, EntityRecord } from '@sl/domain';
import { ApiError } from '../http/api-error.ts';
import type { Caller } from '../auth/caller.ts';
import type { EntityRepository } from './entity.repository.ts';
import { dbErrorToApi } from './db-errors.ts';
import { withDerivedStatus } from './derived-status.ts';
import type { ListQuery } from './list-query.ts';
import { withoutRawData } from './raw-data.ts';
import { assertLinksExist, resolveLinks } from './references.ts';
import { fieldChanges } from '../history/change-log.ts';
import { slicer } from '../map/sliced-work.ts';

type Row = Record<string, unknown>;

/** Entity-specific rules around the generic writes; `current` is the record before a patch. */
export type EntityHooks = {
  beforeCreate?(caller: Caller, data: Row): Promise<void> | void;
  afterCreate?(caller: Caller, row: ApiRow): Promise<void> | void;
  beforeUpdate?(caller: Caller, current: ApiRow, patch: Row): Promise<void> | void;
  /** after a change is stored: the row as it is now, the patch asked for and the row as it was */
  afterUpdate?(caller: Caller, row: ApiRow, patch: Row, before: ApiRow): Promise<void> | void;
  beforeRemove?(caller: Caller, current: ApiRow): Promise<void> | void;
  afterRemove?(caller: Caller, row: ApiRow): Promise<void> | void;
};

/** Derived placement of a record before it is written (its district), and what follows a write. */
export type Placement = {
  place(e: Entity, data: Row, current?: ApiRow): Promise<void>;
  written(e: Entity): Promise<void>;
};

/**
 * The generic create/read/update/delete of spec §7 with the §5 rules. Bodies reach it already normalised
 * (save rules) and validated against the declaration.
 */
export class EntityService {
  constructor(
    private readonly repo: EntityRepository,
    private readonly hooks: Record<string, EntityHooks> = {},
    private readonly written: (e: Entity) => void = () => {},
    private readonly placement?: Placement,
  ) {}

  async list(e: Entity, caller: Caller, q: ListQuery, resolve = false) {
    const page = await this.repo.list(e, caller, q);
    const rows = withoutRawData(e, caller, await withDerivedStatus(this.repo, e, caller, page.rows));
    const data = resolve ? await resolveLinks(this.repo, e, caller, rows) : rows;
    return {
      total: page.total,
      ...(page.estimated && { estimated: true as const }),
      skip: q.skip,
      limit: q.limit,
      data,
    };
  }

  /**
   * The list answer of `list` for a page too large to build in memory: its total as `list` has it, and its rows a
   * batch at a time, each batch with derived statuses (and links resolved) as `list` gives them.
   */
  async listInBatches(e: Entity, caller: Caller, q: ListQuery, resolve = false) {
    const { total, estimated } = await this.repo.list(e, caller, { ...q, skip: 0, limit: 1 });
    const batches = () =>
      this.repo.rows(e, caller, q, async (batch, reader) => {
        const rows = withoutRawData(e, caller, await withDerivedStatus(reader, e, caller, batch));
        return resolve ? resolveLinks(reader, e, caller, rows) : rows;
      });
    return { total, ...(estimated && { estimated: true as const }), skip: q.skip, limit: q.limit, batches };
  }

  async get(e: Entity, caller: Caller, id: number, opts: { resolve?: boolean; deleted?: boolean } = {}) {
    const found = await this.repo.get(e, caller, id);
    if (!found) throw new ApiError('NotFoundError', ['_id']);
    const [row] = withoutRawData(e, caller, await withDerivedStatus(this.repo, e, caller, [found])) as [
      ApiRow,
    ];
    if (row.deletedAt && !opts.deleted) throw new ApiError('IsDeletedError', ['_id']);
    return opts.resolve ? (await resolveLinks(this.repo, e, caller, [row]))[0]! : row;
  }

  /** Records by id within the caller's scope, deleted ones too: what a log or the archive names. */
  byIds(e: Entity, caller: Caller, ids: number[]): Promise<ApiRow[]> {
    return this.repo.byIds(e, caller, ids);
  }

  async create(e: Entity, caller: Caller, input: Row): Promise<ApiRow> {
    const data = await this.prepareCreate(e, caller, input);
    const row = await this.repo
      .atomically(async (repo) => {
        const created = await repo.insert(e, data, caller.userId);
        await repo.logChange(e, caller, 'create', created, fieldChanges(e, undefined, created, data));
        return created;
      })
      .catch(rethrow(e));
    await this.hooks[e.name]?.afterCreate?.(caller, row);
    await this.placement?.written(e);
    this.written(e);
    return withoutRawData(e, caller, [row])[0]!;
  }

  /**
   * A new record as it will be written: defaults, the caller's group, the entity's rules and placement. `links`
   * false when the caller already found every linked record in their scope (an import resolves them by name).
   */
  async prepareCreate(e: Entity, caller: Caller, input: Row, links = true): Promise<Row> {
    const data = withDefaults(e, input);
    if (e.groupField && caller.groupId !== undefined) data[e.groupField] = caller.groupId;
    await this.hooks[e.name]?.beforeCreate?.(caller, data);
    this.check(e, data);
    if (links) await assertLinksExist(this.repo, e, caller, data);
    await hashPasswords(e, data);
    await this.placement?.place(e, data);
    return data;
  }

  /** Records already prepared (`prepareCreate`) in one insert, each with its entry in the change log. */
  async createMany(e: Entity, caller: Caller, prepared: Row[]): Promise<ApiRow[]> {
    const rows = await this.repo
      .atomically(async (repo) => {
        const created = await repo.insertMany(e, prepared, caller.userId);
        const pause = slicer();
        const entries = [];
        for (const [i, row] of created.entries()) {
          await pause();
          entries.push({ row, changes: fieldChanges(e, undefined, row, prepared[i]!) });
        }
        await repo.logChanges(e, caller, 'create', entries);
        return created;
      })
      .catch(rethrow(e));
    for (const row of rows) await this.hooks[e.name]?.afterCreate?.(caller, row);
    await this.placement?.written(e);
    this.written(e);
    return rows;
  }

  async update(e: Entity, caller: Caller, id: number, patch: Row): Promise<ApiRow> {
    const data = { ...patch };
    if (e.groupField && caller.groupId !== undefined) delete data[e.groupField];
    if (!Object.keys(data).length) throw new ApiError('NoUpdateDataProvidedError');
    const current = await this.get(e, caller, id);
    await this.hooks[e.name]?.beforeUpdate?.(caller, current, data);
    this.check(e, { ...current, ...data });
    await assertLinksExist(this.repo, e, caller, data);
    await hashPasswords(e, data);
    await this.placement?.place(e, data, current);
    const row = await this.repo
      .atomically(async (repo) => {
        const updated = await repo.update(e, id, data, caller.userId);
        const changes = fieldChanges(e, current, updated, data);
        // a save that changed nothing is no event in the record's history
        if (Object.keys(changes).length) await repo.logChange(e, caller, 'update', updated, changes);
        return updated;
      })
      .catch(rethrow(e));
    await this.hooks[e.name]?.afterUpdate?.(caller, row, data, current);
    await this.placement?.written(e);
    this.written(e);
    return withoutRawData(e, caller, [row])[0]!;
  }

  async remove(e: Entity, caller: Caller, id: number): Promise<ApiRow> {
    const current = await this.get(e, caller, id);
    await this.hooks[e.name]?.beforeRemove?.(caller, current);
    const users = await this.repo.usedBy(e, id);
    if (users.length) throw new ApiError('IsUsedError', users);
    const row = await this.repo.atomically(async (repo) => {
      const deleted = await repo.softDelete(e, id, caller.userId);
      await repo.logChange(e, caller, 'delete', deleted, {});
      return deleted;
    });
    await this.hooks[e.name]?.afterRemove?.(caller, row);
    await this.placement?.written(e);
    this.written(e);
    return withoutRawData(e, caller, [row])[0]!;
  }

  /** What follows a write made outside this service's own calls (an import's transaction), once it is committed. */
  announceWritten(e: Entity) {
    this.written(e);
  }

  private check(e: Entity, record: EntityRecord) {
    const problem = e.check?.(record);
    if (problem) throw new ApiError(problem.code, problem.fields);
  }
}

function withDefaults(e: Entity, input: Row): Row {
  const data: Row = { ...input };
  for (const [name, field] of Object.entries(e.fields)) {
    if (data[name] === undefined && field.default !== undefined) data[name] = structuredClone(field.default);
  }
  return data;
}

async function hashPasswords(e: Entity, data: Row) {
  for (const [name, field] of Object.entries(e.fields)) {
    if (field.kind === 'password' && typeof data[name] === 'string') data[name] = await hash(data[name]);
  }
}

const rethrow = (e: Entity) => (err: unknown) => {
  throw dbErrorToApi(e, err);
};
