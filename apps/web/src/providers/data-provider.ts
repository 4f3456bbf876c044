import { HttpError, type DataProvider } from 'react-admin';
import { applySaveRules, entity, type SaveMode } from '@sl/domain';
import { formErrors } from '../resources/inputs/field-errors.ts';
import { http } from './http.ts';
import { storedProfile, storeProfile } from './session.ts';

type Row = Record<string, unknown> & { _id: number };
type Page = { total: number; data: Row[] };

const api = (resource: string) => `/api/v1/${resource}`;
// react-admin's record type is generic per call; every row of ours is a record with `id` = `_id`
const withId = (r: Row) => ({ ...r, id: r._id }) as never;

function query(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    for (const one of Array.isArray(v) ? v : [v]) q.append(k, String(one));
  }
  return q.toString();
}

// Only declared fields go out: form helpers such as a password's repetition stay in the browser.
function body(resource: string, data: Record<string, unknown>, mode: SaveMode) {
  const e = entity(resource);
  const declared = Object.fromEntries(Object.entries(data).filter(([k]) => k in e.fields));
  return applySaveRules(e, declared, mode);
}

/** Sends a record; a refusal that names fields comes back marked on them (react-admin's `body.errors`). */
async function save(
  resource: string,
  data: Record<string, unknown>,
  mode: SaveMode,
  method: string,
  path: string,
) {
  const sent = body(resource, data, mode);
  try {
    return withId(await http<Row>(method, path, sent)) as Row;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const errors = formErrors(entity(resource), err.body, sent);
    throw errors ? new HttpError(err.message, err.status, { ...err.body, errors }) : err;
  }
}

/** Saving the signed-in user's own role updates the stored rights at once (spec §6). */
function keepOwnRights(resource: string, saved: Row) {
  const me = storedProfile();
  if (resource !== 'Roles' || !me?.role || me.role._id !== saved._id) return;
  storeProfile({ ...me, role: { ...me.role, accessRights: saved.accessRights as never } });
}

async function page(resource: string, params: Record<string, unknown>) {
  const p = await http<Page>('GET', `${api(resource)}?${query(params)}`);
  return { data: p.data.map(withId), total: p.total };
}

/** A filter inside an object field (`{ breakersOn: { A: 'false' } }`) as the API names it: `breakersOn.A`. */
export const flatFilter = (filter: Record<string, unknown>, prefix = ''): [string, unknown][] =>
  Object.entries(filter).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? flatFilter(v as Record<string, unknown>, `${prefix}${k}.`)
      : [[`${prefix}${k}`, v]],
  );

const listParams = (
  pagination: { page: number; perPage: number } | undefined,
  sort: { field: string; order: string } | undefined,
  filter: Record<string, unknown>,
) => {
  const perPage = pagination?.perPage ?? 10;
  const field = sort?.field === 'id' ? '_id' : sort?.field;
  return {
    ...Object.fromEntries(flatFilter(filter)),
    skip: ((pagination?.page ?? 1) - 1) * perPage,
    limit: perPage,
    sort: field ? (sort?.order === 'DESC' ? `-${field}` : field) : undefined,
  };
};

export const dataProvider: DataProvider = {
  getList: (resource, { pagination, sort, filter }) =>
    page(resource, listParams(pagination, sort, filter as Record<string, unknown>)),
  getOne: async (resource, { id }) => ({ data: withId(await http<Row>('GET', `${api(resource)}/${id}`)) }),
  getMany: async (resource, { ids }) =>
    ids.length ? page(resource, { _id: ids, limit: ids.length }) : { data: [] },
  getManyReference: (resource, { target, id, pagination, sort, filter }) =>
    page(resource, listParams(pagination, sort, { ...(filter as Record<string, unknown>), [target]: id })),
  create: async (resource, { data }) => ({
    data: (await save(resource, data, 'create', 'POST', api(resource))) as never,
  }),
  update: async (resource, { id, data }) => {
    const saved = await save(resource, data, 'patch', 'PATCH', `${api(resource)}/${id}`);
    keepOwnRights(resource, saved);
    return { data: saved as never };
  },
  updateMany: async (resource, { ids, data }) => {
    for (const id of ids) await http('PATCH', `${api(resource)}/${id}`, body(resource, data, 'patch'));
    return { data: ids };
  },
  delete: async (resource, { id, previousData }) => {
    await http('DELETE', `${api(resource)}/${id}`);
    return { data: (previousData ?? { id }) as never };
  },
  deleteMany: async (resource, { ids }) => {
    for (const id of ids) await http('DELETE', `${api(resource)}/${id}`);
    return { data: ids };
  },
};
