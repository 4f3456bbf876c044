import type { PartKind, WorkOrderPriority, WorkOrderStatus } from '@sl/domain';

// The field screen's calls, without react-admin (the screen loads on its own, light, for a phone).

export type FieldPlace = { lon: number; lat: number };
export type FieldModule = {
  _id: number;
  mac: string;
  pwm: number | null;
  pow: number | null;
  cl_status: number | null;
  status: string | null;
  lastReceivedAt: string | null;
  support: number | null;
};
export type FieldOrder = {
  _id: number;
  title: string;
  status: WorkOrderStatus;
  priority: WorkOrderPriority;
  dueDate: string | null;
  doneAt: string | null;
  street: string | null;
  eventType: string | null;
  faultKind: { _id: number; name: string } | null;
  notes: string | null;
  reason: string | null;
  updatedAt: string;
  devices: {
    supports: {
      _id: number;
      uid: string;
      street: string | null;
      address: string | null;
      location: FieldPlace | null;
    }[];
    lamps: { _id: number; uid: string; name: string | null; model: string | null; module: number | null }[];
    modules: FieldModule[];
    cabinets: { _id: number; uid: string; address: string | null; location: FieldPlace | null }[];
    events: { _id: number; type: string; status: string; openDate: string | null }[];
  };
};
export type FieldDay = {
  crews: { _id: number; name: string }[];
  orders: FieldOrder[];
  total: number;
  /** the lamp models a lamp may be replaced with (a day kept before they were sent has none) */
  models?: { _id: number; name: string }[];
};

/** A part replaced, as the crew member recorded it: on a lamp (lamp, driver) or a control module (its new MAC). */
export type PartReplaced = {
  kind: PartKind;
  luminary?: number;
  module?: number;
  fittedSerial?: string;
  removedSerial?: string;
  fittedModel?: number;
  /** the phone's day when it was done, YYYY-MM-DD */
  replacedOn: string;
  note?: string;
};

export type TestSwitchAnswer = {
  confirmed: boolean;
  msg: string;
  returnAt: string;
  withoutController: number[];
};

/** The server answered, and said no (its `message` is in the user's language). */
export class FieldHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const csrf = () => decodeURIComponent(/(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '');

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      'x-csrf-token': csrf(),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new FieldHttpError(res.status, payload?.message ?? `HTTP ${res.status}`);
  return payload as T;
}

export const fetchDay = async () =>
  (await call<{ result: FieldDay }>('GET', '/api/v2/work-orders/field')).result;

export const fetchOrder = (id: number) => call<Partial<FieldOrder>>('GET', `/api/v1/WorkOrders/${id}`);

export const patchOrder = (id: number, patch: Partial<FieldOrder>) =>
  call<Partial<FieldOrder>>('PATCH', `/api/v1/WorkOrders/${id}`, patch);

export const testSwitch = async (id: number) =>
  (await call<{ result: TestSwitchAnswer }>('POST', `/api/v2/work-orders/${id}/test-switch`, {})).result;

export const replacePart = (id: number, part: PartReplaced) =>
  call<Record<string, unknown>>('POST', `/api/v2/work-orders/${id}/part-replacements`, part);
