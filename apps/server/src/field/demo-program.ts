import { and, eq, isNull, sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import { insertAll } from './demo-city.ts';

// The demo city's lighting program (issue 11 §5), so `npm start` shows a city that follows one: dusk to dawn on
// MID for main roads, residential streets at 50 % from 23:00 to 05:00 except on public holidays, and two group
// controls on the city's two great streets. The road class of a mounting comes from its street's suffix in the
// city's own inventory (ST, RD, PL … residential; AVE, BLVD, DR … main roads).

const RESIDENTIAL_SUFFIXES = [
  'ST',
  'RD',
  'PL',
  'WAY',
  'TER',
  'LN',
  'LANE',
  'CT',
  'CIR',
  'HILL',
  'GRN',
  'PARK',
  'PK',
];
/** Group control number on the radio network → the street whose lamps answer to it, and its profile. */
const GROUP_STREETS = [
  { id: 1, name: 'Massachusetts Avenue', street: 'MASSACHUSETTS AVE', pwm0: 100 },
  { id: 2, name: 'Broadway', street: 'BROADWAY', pwm0: 80 },
];

/** Seeds the program once per group: a group that has politics already is left alone. */
export async function seedDemoProgram(
  db: Db,
  group: number,
  city: number,
  years: number[],
): Promise<boolean> {
  const P = tableOf(entity('Politics'));
  const [known] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(P)
    .where(and(eq(P.group, group), isNull(P.deletedAt)));
  if (known && known.n > 0) return false;

  const [main, residential] = await insertAll(db, entity('Types'), [
    { name: 'Main road' },
    { name: 'Residential street' },
  ]);
  const groupIds = await insertAll(
    db,
    entity('GroupControl'),
    GROUP_STREETS.map((g) => ({ name: g.name, id: g.id, group })),
  );
  const base = { group, city, twilightMethod: 'MID' };
  const [duskToDawn, residentialNight] = await insertAll(db, entity('Profiles'), [
    { ...base, name: 'Dusk to dawn', kind: 'onOff', settings: { pwm0: 100, twil: 2 } },
    {
      ...base,
      name: 'Residential night: 50 % from 23:00 to 05:00',
      kind: 'linear',
      settings: {
        ...{ pwm0: 100, time1: '22:59', pwm1: 100, time2: '23:00', pwm2: 50 },
        ...{ time3: '05:00', pwm3: 50, time4: '05:01', pwm4: 100, twil: 2 },
      },
    },
    ...GROUP_STREETS.map((g, i) => ({
      ...base,
      name: `${g.name}: ${g.pwm0} % all night`,
      kind: 'onOff',
      groupControl: groupIds[i],
      settings: { pwm0: g.pwm0, twil: 2 },
    })),
  ]);
  await insertAll(db, entity('Politics'), [
    {
      name: 'Cambridge streets',
      group,
      cities: [city],
      profile: duskToDawn,
      rules: [
        {
          conditions: { roadClasses: [residential], dateTypes: ['workday', 'weekend', 'default', 'dayoff'] },
          profile: residentialNight,
        },
      ],
    },
  ]);
  await insertAll(
    db,
    entity('CalendarProfiles'),
    years
      .flatMap((y) => publicHolidays(y))
      .map(({ date, label }) => ({ group, date, type: 'holiday', label })),
  );

  const S = tableOf(entity('LuminarySupports'));
  const suffixes = `{${RESIDENTIAL_SUFFIXES.join(',')}}`;
  await db.execute(sql`
    update ${S} set road_class = case
      when upper(split_part(street, ' ', array_length(string_to_array(street, ' '), 1))) = any(${suffixes}::text[])
      then ${residential}::bigint else ${main}::bigint end
    where "group" = ${group} and street is not null`);
  for (const [i, g] of GROUP_STREETS.entries())
    await db.execute(sql`
      update ${S} set sockets = (
        select coalesce(jsonb_agg(s || jsonb_build_object('groupControl', ${groupIds[i]}::bigint)), '[]'::jsonb)
        from jsonb_array_elements(sockets) s)
      where "group" = ${group} and upper(street) = ${g.street}`);
  return true;
}

type Holiday = { date: string; label: string };

/**
 * The public holidays of Massachusetts: the federal ones (5 U.S.C. 6103, with a Saturday holiday observed on the
 * Friday before and a Sunday one on the Monday after) and Patriots' Day (third Monday of April).
 */
export function publicHolidays(year: number): Holiday[] {
  const day = (month: number, d: number) => new Date(Date.UTC(year, month - 1, d));
  const nth = (month: number, weekday: number, n: number) => {
    const first = day(month, 1);
    return day(month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + 7 * (n - 1));
  };
  const last = (month: number, weekday: number) => {
    const end = day(month + 1, 0);
    return day(month, end.getUTCDate() - ((end.getUTCDay() - weekday + 7) % 7));
  };
  const observed = (d: Date) =>
    d.getUTCDay() === 6
      ? new Date(d.getTime() - 86_400_000)
      : d.getUTCDay() === 0
        ? new Date(d.getTime() + 86_400_000)
        : d;
  const list: [Date, string][] = [
    [observed(day(1, 1)), 'New Year’s Day'],
    [nth(1, 1, 3), 'Martin Luther King Jr. Day'],
    [nth(2, 1, 3), 'Washington’s Birthday'],
    [nth(4, 1, 3), 'Patriots’ Day'],
    [last(5, 1), 'Memorial Day'],
    [observed(day(6, 19)), 'Juneteenth'],
    [observed(day(7, 4)), 'Independence Day'],
    [nth(9, 1, 1), 'Labor Day'],
    [nth(10, 1, 2), 'Columbus Day'],
    [observed(day(11, 11)), 'Veterans Day'],
    [nth(11, 4, 4), 'Thanksgiving Day'],
    [observed(day(12, 25)), 'Christmas Day'],
    // the next year's New Year's Day, observed on this 31 December when it falls on a Saturday
    [observed(new Date(Date.UTC(year + 1, 0, 1))), 'New Year’s Day'],
  ];
  return list
    .map(([d, label]) => ({ date: d.toISOString().slice(0, 10), label }))
    .filter((h) => h.date.startsWith(String(year)));
}
