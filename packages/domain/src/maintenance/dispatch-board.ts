import type { WorkOrderPriority, WorkOrderStatus } from './work-order-states.ts';

/** An open order on the dispatcher's board (issue 32): as the server answers it and the screen draws it. */
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
  /** its first mounting's location, else its first cabinet's; none when neither has one */
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
