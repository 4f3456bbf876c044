import { ApiError } from '../http/api-error.ts';

type Query = Record<string, string | string[] | undefined>;

/** The most days a period holds: one row per date, so a whole year is one page. */
const YEAR_OF_DAYS = 366;

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Spec §7 "Calendar profiles: GET with year and month": `year=YYYY` (the whole year) or `year=YYYY&month=M` as the
 * list's own date filters, the days in date order on one page unless the caller pages them. A query without
 * either is returned as it is.
 */
export function withPeriod(query: Query): Query {
  const { year, month, ...rest } = query;
  if (year === undefined && month === undefined) return query;
  const y = typeof year === 'string' && /^[1-9]\d{3}$/.test(year) ? Number(year) : NaN;
  const m =
    month === undefined
      ? undefined
      : typeof month === 'string' && /^(0?[1-9]|1[0-2])$/.test(month)
        ? Number(month)
        : NaN;
  const bad = [
    ...(Number.isNaN(y) ? ['year'] : []),
    ...(Number.isNaN(m) ? ['month'] : []),
    // the period is the date filter: another one beside it would be ambiguous
    ...['date', 'date_gte', 'date_lte'].filter((k) => rest[k] !== undefined),
  ];
  if (bad.length) throw new ApiError('IsInvalidError', bad);
  const from = m ?? 1;
  const to = m ?? 12;
  return {
    limit: String(YEAR_OF_DAYS),
    sort: 'date',
    ...rest,
    date_gte: `${y}-${pad(from)}-01`,
    date_lte: `${y}-${pad(to)}-${pad(lastDay(y, to))}`,
  };
}
