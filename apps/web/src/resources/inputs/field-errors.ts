import { ERRORS, textLimit, type Entity, type ErrorCode, type Field } from '@sl/domain';
import { MESSAGES, sl, type MessageKey } from '../../i18n/messages.ts';
import { isMatrix } from './rights-matrix.ts';
import { at } from './paths.ts';

// Which spec §5 message a field gets: the most particular rule wins (entity and path, then the field's name, then
// what it refers to); a value of the wrong kind is told its kind first.
const BY_PATH: Record<string, MessageKey> = {
  'Users.login': 'loginRequired',
  'Users.name': 'usernameRequired',
  'Users.password': 'passwordRequired',
  'Users.role': 'roleRequired',
  'Users.email': 'emailRequired',
  'Users.type': 'userTypeRequired',
  'Users.group': 'groupRequired',
  'Roles.name': 'rightsNameRequired',
  'Groups.name': 'groupNameRequired',
  'LuminaryModels.name': 'nameRequired',
  'MeterModels.name': 'nameRequired',
};
const BY_NAME: Record<string, MessageKey> = {
  uid: 'enterUid',
  name: 'enterName',
  vendor: 'vendorRequired',
  socketCount: 'enterMaxSockets',
  maxSockets: 'enterMaxSockets',
};
const BY_REFERENCE: Record<string, MessageKey> = {
  LuminaryModels: 'selectLampModel',
  Cities: 'selectCity',
  LuminarySupportCategories: 'selectCategory',
  Groups: 'selectGroup',
};
const BY_KIND: Partial<Record<Field['kind'], MessageKey>> = {
  int: 'mustBeInteger',
  float: 'mustBeFloat',
  time: 'enterTime',
  day: 'enterDate',
  timestamp: 'enterDateTime',
};

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A text longer than its field holds is told so, with the limit, whatever the field: a validator's message. */
export function tooLong(field: Field, value: unknown) {
  if (field.kind !== 'text' || typeof value !== 'string') return undefined;
  const max = textLimit(field);
  return value.length > max ? { message: sl('tooLong'), args: { max, length: value.length } } : undefined;
}

// how react-admin keeps a validator's message with arguments in react-hook-form, which holds only strings
const withArgs = (m: { message: string; args: object }) => `@@react-admin@@${JSON.stringify(m)}`;

/** The translation key of the message for the field at `path` (dotted, list indexes included). */
export function fieldMessage(entityName: string, path: string, field: Field, value?: unknown): string {
  const bare = path.replace(/\.\d+(?=\.|$)/g, '');
  const name = bare.split('.').pop()!;
  const reference = field.kind === 'ref' || field.kind === 'refs' ? BY_REFERENCE[field.entity] : undefined;
  const kind = isEmpty(value) ? undefined : BY_KIND[field.kind];
  return sl(kind ?? BY_PATH[`${entityName}.${bare}`] ?? BY_NAME[name] ?? reference ?? 'enterValue');
}

type Target = { path: string; field: Field };

/** The form input that shows an error the server found at `path`; undefined when the form has none. */
export function inputFor(fields: Record<string, Field>, path: string): Target | undefined {
  const [first, ...rest] = path.split('.');
  let field = fields[first!];
  const taken = [first!];
  while (field && rest.length) {
    if (field.kind === 'point') {
      const axis = rest[0] === 'coordinates' && (rest[1] === '0' || rest[1] === '1') ? rest[1] : '1';
      return { path: `${taken.join('.')}.coordinates.${axis}`, field: { kind: 'float' } };
    }
    if (field.kind === 'object' && !isMatrix(field)) field = field.fields[rest[0]!];
    else if (field.kind === 'list' && field.of.kind === 'object' && /^\d+$/.test(rest[0]!)) {
      taken.push(rest.shift()!);
      if (!rest.length) return { path: taken.join('.'), field: field.of };
      field = field.of.fields[rest[0]!];
    } else break;
    taken.push(rest.shift()!);
  }
  if (!field) return undefined;
  if (field.kind === 'point') return { path: `${taken.join('.')}.coordinates.1`, field: { kind: 'float' } };
  return { path: taken.join('.'), field };
}

export type ErrorBody = { code?: string; message?: string; fields?: string[]; reason?: string };

const isKey = (k: string | undefined): k is MessageKey => !!k && k in MESSAGES['en-us'];

/**
 * react-admin's server-side validation shape for an error body: `{ 'settings.time1': key, root: { serverError } }`,
 * or undefined when it names no field the form shows (the notice then carries the message alone).
 */
export function formErrors(e: Entity, body: ErrorBody | null, sent: Record<string, unknown>) {
  const errors: Record<string, unknown> = {};
  for (const path of body?.fields ?? []) {
    const target = inputFor(e.fields, path);
    if (!target) continue;
    const value = at(sent, target.path);
    const long = tooLong(target.field, value);
    errors[target.path] = isKey(body?.reason)
      ? sl(body.reason)
      : long
        ? withArgs(long)
        : body?.code === 'IsInvalidError' || !(body?.code && body.code in ERRORS)
          ? fieldMessage(e.name, target.path, target.field, value)
          : `error.${body.code as ErrorCode}`;
  }
  if (!Object.keys(errors).length) return undefined;
  return { ...errors, root: { serverError: body?.message } };
}
