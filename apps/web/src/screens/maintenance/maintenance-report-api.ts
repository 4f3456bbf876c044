import type {
  MaintenanceReportType,
  OpenOrdersRow,
  PartsGrouping,
  PartsUsed,
  RepairGrouping,
  RepairRow,
} from '@sl/domain';
import { http } from '../../providers/http.ts';

// The maintenance reports the console asks (see the API document: tag WorkOrders).

type Head = { start: string; end: string; city: { _id: number; timezone: string } };
export type OpenOrders = Head & {
  type: 'open-orders';
  at: string;
  rows: OpenOrdersRow[];
  total: Omit<OpenOrdersRow, 'key' | 'name'>;
};
export type RepairTimes = Head & {
  type: 'repair-times';
  by: RepairGrouping;
  rows: RepairRow[];
  total: Omit<RepairRow, 'key' | 'name'>;
};
export type PartsUsedReport = Head & PartsUsed & { type: 'parts-used' };
export type MaintenanceReport = OpenOrders | RepairTimes | PartsUsedReport;

/** Plain days (YYYY-MM-DD, on the report's city's clock), the grouping of the repair times or of the parts used. */
export type MaintenanceParams = { start: string; end: string; by: RepairGrouping | PartsGrouping };

/** What each report is asked with: the open orders are those of now, whatever the range. */
const asked = (type: MaintenanceReportType, p: MaintenanceParams) =>
  type === 'open-orders' ? '' : new URLSearchParams(Object.entries(p).filter(([, v]) => v !== '')).toString();

export const maintenanceReport = async (type: MaintenanceReportType, p: MaintenanceParams) =>
  (await http<{ result: MaintenanceReport }>('GET', `/api/v2/reports/maintenance/${type}?${asked(type, p)}`))
    .result;

export const maintenanceExportUrl = (
  type: MaintenanceReportType,
  p: MaintenanceParams,
  format: 'csv' | 'xlsx',
) => `/api/v2/reports/maintenance/${type}/export?format=${format}&${asked(type, p)}`;
