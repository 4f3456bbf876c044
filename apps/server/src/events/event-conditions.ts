import {
  BROKEN_CODES,
  FIELD_MOVABLE_STATUSES,
  IO_BITS,
  OFFLINE_CODE,
  REPORTED_MODULE_STATUS,
  type EventType,
} from '@sl/domain';

// What makes each event type true, as one query over the current states: every device it holds for, with the
// columns its event carries. An event is opened for a row that appears and solved when its device no longer does.
// Only the domain's constants are spliced in.

/**
 * Where the lamps their programs ask to be otherwise (lamp-expectations.ts) and the start of the grace time are
 * spliced in as parameters; the detector numbers them.
 */
const EXPECTED = { macs: '$EXPECTED_MACS', since: '$EXPECTED_SINCE' } as const;
/** The types detected against what the lamps' programs ask of them, each with the lamps found against it. */
const EXPECTATION_TYPES: Partial<Record<EventType, keyof Omit<Against, 'since'>>> = {
  DAY_BURNING: 'burningByDay',
  LAMP_OUT_AT_NIGHT: 'outAtNight',
};

/** The lamps found against their programs (lit by day, dark at night), and the start of the grace time. */
export type Against = { burningByDay: string[]; outAtNight: string[]; since: string };

const COLUMNS = 'device, module, support, socket, controller, cabinet, phase, grp';

/** a module in service: the field may move its status (not one at the warehouse, lost, decommissioned, …) */
const inService = `(m.status is null or m.status in (${FIELD_MOVABLE_STATUSES.filter(Boolean)
  .map((s) => `'${s}'`)
  .join(', ')}))`;

const moduleRows = (where: string) => `
  select 'module:' || m._id as device, m._id as module, m.luminary_support as support, null::int as socket,
    m.controller, null::bigint as cabinet, null::int as phase, m."group" as grp
  from luminary_modules m where m.deleted_at is null and ${where}`;

/** a socket holds the module: one index lookup by module (socket_modules, kept from the mountings' sockets) */
const mounted = `exists (select 1 from socket_modules k where k.module = m._id)`;

/** the cabinet a controller serves (named from either side), its I/O with the controller's polarity applied */
const cabinetIo = (bit: number) => `
  from cabinets k join controllers c on (k.controller = c._id or c.cabinet = k._id) and c.deleted_at is null
  where k.deleted_at is null and c.iostate is not null
    and ((c.iostate # coalesce(c.polarity, 0)) >> ${bit}) & 1`;

/** A module's reading that says its lamp burns, and one that says it is dark (not broken, not offline). */
export const LIT = `m.cl_status = 1`;
export const DARK = `m.cl_status in (${Object.entries(REPORTED_MODULE_STATUS)
  .filter(([, s]) => s === 'WORKING_OFF')
  .map(([code]) => code)
  .join(', ')})`;
/** heard since the grace time began: a reading from before the program's switch says nothing of now */
const FRESH = `m.last_received_at >= ${EXPECTED.since}`;

export const EVENT_CONDITIONS: Record<EventType, string> = {
  CONTROLLER_DISCONNECTED: `
    select distinct on (c._id) 'controller:' || c._id as device, null::bigint as module, null::bigint as support,
      null::int as socket, c._id as controller, coalesce(c.cabinet, k._id) as cabinet, null::int as phase,
      c."group" as grp
    from controllers c left join cabinets k on k.controller = c._id and k.deleted_at is null
    where c.deleted_at is null and c.connected is false`,
  MODULE_NOT_RESPONDING: moduleRows(`m.cl_status = ${OFFLINE_CODE} and ${inService}`),
  LAMP_BROKEN: moduleRows(`m.cl_status in (${BROKEN_CODES.join(', ')}) and ${inService}`),
  MODULE_NOT_ASSIGN_TO_SUPPORT: moduleRows(`m.luminary_support is null and not ${mounted} and ${inService}`),
  // a TALQ gateway's lamps have no phase to tell (TALQ's lamp functions name none): their supply is the gateway's
  MODULE_NOT_CONNECT_TO_PHASE_AND_CONTROLLER: moduleRows(
    `(m.controller is null or (m.phase is null
      and m.controller not in (select c._id from controllers c where c.protocol = 'TALQ'))) and ${inService}`,
  ),
  SOCKET_ON_SUPPORT_IS_FREE: `
    select 'support:' || s._id || ':' || g.i as device, null::bigint as module, s._id as support, g.i as socket,
      null::bigint as controller, s.cabinet, null::int as phase, s."group" as grp
    from luminary_supports s cross join generate_series(0, greatest(coalesce(s.socket_count, 1), 1) - 1) as g(i)
    where s.deleted_at is null and (s.sockets -> g.i ->> 'luminaryModule') is null`,
  CABINET_DOOR_OPEN: `
    select distinct on (k._id) 'cabinet:' || k._id as device, null::bigint as module, null::bigint as support,
      null::int as socket, c._id as controller, k._id as cabinet, null::int as phase, k."group" as grp
    ${cabinetIo(IO_BITS.door)} = 1`,
  BREAKER_TRIPPED: [1, 2, 3]
    .map(
      (p) => `
    select distinct on (k._id) 'cabinet:' || k._id || ':' || ${p} as device, null::bigint as module,
      null::bigint as support, null::int as socket, c._id as controller, k._id as cabinet, ${p} as phase,
      k."group" as grp
    ${cabinetIo(IO_BITS[`breaker${p}` as 'breaker1'])} = 0`,
    )
    .join(' union all '),
  DAY_BURNING: moduleRows(`m.mac = any(${EXPECTED.macs}) and ${LIT} and ${FRESH} and ${inService}`),
  LAMP_OUT_AT_NIGHT: moduleRows(`m.mac = any(${EXPECTED.macs}) and ${DARK} and ${FRESH} and ${inService}`),
};

/**
 * Types whose condition reads only inventory (what operators and imports write, never readings), by the tables it
 * reads: a pass skips such a type while none of them was written since it last looked (at a million mountings the
 * free sockets were most of a pass, every pass).
 */
export const INVENTORY_SOURCES: Partial<Record<EventType, string[]>> = {
  SOCKET_ON_SUPPORT_IS_FREE: ['luminary_supports'],
};

/** Types in the order they are looked at: a controller's outage first, so its modules' events join it. */
export const DETECTION_ORDER = Object.keys(EVENT_CONDITIONS) as EventType[];

/**
 * The condition's rows; `at` numbers the expectation parameters of the types that take them (the lamps, then the
 * start of the grace time, from `at` on), which `expectationParams` gives in that order.
 */
export const conditionRows = (type: EventType, at = 3) =>
  `select ${COLUMNS} from (${EVENT_CONDITIONS[type]
    .replaceAll(EXPECTED.macs, `$${at}::text[]`)
    .replaceAll(EXPECTED.since, `$${at + 1}::timestamptz`)}) as x`;

export const needsExpectation = (type: EventType) => EXPECTATION_TYPES[type] !== undefined;

export const expectationParams = (type: EventType, expected: Against): unknown[] => {
  const which = EXPECTATION_TYPES[type];
  return which ? [expected[which], expected.since] : [];
};
