import type { DispatchBoard, DispatchCrew, DispatchOrder, WorkOrderStatus } from '@sl/domain';
import { http } from '../../providers/http.ts';

export type { DispatchBoard, DispatchCrew, DispatchOrder };

// The dispatcher's screen's calls (see the API document: tag WorkOrders).

/** An order the server refused to change, and its words (the catalogue's, in the user's language). */
export type Refusal = { order: number; message: string };

export const fetchBoard = async () =>
  (await http<{ result: DispatchBoard }>('GET', '/api/v2/work-orders/dispatch')).result;

/** Gives the order to a crew, or takes it off its crew (null); the server moves its state with it. */
export const assignCrew = (order: number, crew: number | null) =>
  http<{ status: WorkOrderStatus; crew: number | null }>('PATCH', `/api/v1/WorkOrders/${order}`, { crew });
