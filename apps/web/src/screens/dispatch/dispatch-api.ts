import type { WorkOrderPriority, WorkOrderStatus } from '@sl/domain';
import { http } from '../../providers/http.ts';

// The dispatcher's screen's calls (see the API document: tag WorkOrders).

export type DispatchOrder = {
  _id: number;
  title: string;
  status: WorkOrderStatus;
  priority: WorkOrderPriority;
  crew: number | null;
  group: number | null;
  dueDate: string | null;
  street: string | null;
  openedAt: string;
  ageHours: number;
  late: boolean;
  lon: number | null;
  lat: number | null;
};
export type DispatchCrew = { _id: number; name: string; group: number | null };
export type DispatchBoard = {
  at: string;
  total: number;
  leftOut: number;
  orders: DispatchOrder[];
  crews: DispatchCrew[];
};

/** An order the server refused to change, and its words (the catalogue's, in the user's language). */
export type Refusal = { order: number; message: string };

export const fetchBoard = async () =>
  (await http<{ result: DispatchBoard }>('GET', '/api/v2/work-orders/dispatch')).result;

/** Gives the order to a crew, or takes it off its crew (null); the server moves its state with it. */
export const assignCrew = (order: number, crew: number | null) =>
  http<{ status: WorkOrderStatus; crew: number | null }>('PATCH', `/api/v1/WorkOrders/${order}`, { crew });
