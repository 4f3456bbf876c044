import { http } from '../../providers/http.ts';

// The energy calls the console asks (see the API document: tag energy).

export type ReportKind = 'consumption' | 'indications' | 'instant-values' | 'energy-saved';
export const REPORT_KINDS: ReportKind[] = ['consumption', 'indications', 'instant-values', 'energy-saved'];

export type ReportParams = {
  start: string;
  end: string;
  groupType: string;
  city?: number;
  cabinet?: number;
  district?: number;
  groupControl?: number;
  meter?: number;
};

export type ReportRow = Record<string, unknown> & { period: string };
export type Report = {
  type: string;
  groupType: string;
  start: string;
  end: string;
  city: { _id: number; timezone: string; currency: string | null };
  rows: ReportRow[];
  total?: { kwh: number; cost: number | null; co2Kg: number | null };
};

export type ActiveData = {
  meter: number;
  serial: string;
  at: string | null;
  powerUnit: 'W' | 'kW';
  phases: { phase: number; voltage: number; current: number; power: number; energy: number }[];
};

export type AverageRow = {
  id: number;
  date: string;
  naP: number | null;
  naM: number | null;
  nrP: number | null;
  nrM: number | null;
};

export const reportQuery = (p: ReportParams) =>
  new URLSearchParams(
    Object.entries(p)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export const report = async (kind: ReportKind, p: ReportParams) =>
  (await http<{ result: Report }>('GET', `/api/v2/reports/${kind}?${reportQuery(p)}`)).result;

export const exportUrl = (kind: ReportKind, p: ReportParams, format: 'csv' | 'xlsx') =>
  `/api/v2/reports/${kind}/export?format=${format}&${reportQuery(p)}`;

export const activeData = async (meter: number) =>
  (await http<{ result: ActiveData }>('GET', `/api/v1/MetersActiveData?meter=${meter}`)).result;

/** The meter's latest 24 hours of average data that it has, newest first. */
export const averageData = async (meter: number) =>
  (await http<{ data: AverageRow[] }>('GET', `/api/v1/MetersAverageData?meter=${meter}&sort=-date&limit=24`))
    .data;

export type Availability = {
  lamps: number;
  lampHours: number;
  outageHours: number;
  availability: number | null;
};

export const availability = async (p: Pick<ReportParams, 'start' | 'end' | 'city'>) =>
  (
    await http<{ result: Availability }>(
      'GET',
      `/api/v2/reports/availability?${reportQuery({ ...p, groupType: '' })}`,
    )
  ).result;
