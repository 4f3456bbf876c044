import { describe, expect, it } from 'vitest';
import {
  isWorkOrderLate,
  mayMoveWorkOrder,
  statusForCrew,
  WORK_ORDER_STATUSES,
  workOrderDue,
  workOrderProblem,
} from './work-order-states.ts';
import { groupEvents, type OrderableEvent } from './event-grouping.ts';

describe('a work order', () => {
  it('moves only forward through its states, back only to reassign, and never out of VERIFIED or CANCELLED', () => {
    const moves = WORK_ORDER_STATUSES.flatMap((from) =>
      WORK_ORDER_STATUSES.filter((to) => to !== from && mayMoveWorkOrder(from, to)).map(
        (to) => `${from}>${to}`,
      ),
    );
    expect(moves).toEqual([
      'NEW>ASSIGNED',
      'NEW>CANCELLED',
      'ASSIGNED>NEW',
      'ASSIGNED>IN_PROGRESS',
      'ASSIGNED>CANCELLED',
      'IN_PROGRESS>ASSIGNED',
      'IN_PROGRESS>DONE',
      'IN_PROGRESS>CANCELLED',
      'DONE>VERIFIED',
      'DONE>REOPENED',
      'REOPENED>ASSIGNED',
      'REOPENED>IN_PROGRESS',
      'REOPENED>CANCELLED',
    ]);
  });

  it('holds a crew once assigned and a reason when reopened or cancelled', () => {
    expect(workOrderProblem({ status: 'NEW' })).toBeUndefined();
    expect(workOrderProblem({ status: 'IN_PROGRESS' })).toEqual({ code: 'IsInvalidError', fields: ['crew'] });
    expect(workOrderProblem({ status: 'IN_PROGRESS', crew: 3 })).toBeUndefined();
    expect(workOrderProblem({ status: 'CANCELLED', reason: '  ' })).toEqual({
      code: 'IsInvalidError',
      fields: ['reason'],
    });
    expect(workOrderProblem({ status: 'REOPENED', reason: 'still dark' })).toBeUndefined();
  });

  it('is assigned when given a crew and new again when its crew is taken off', () => {
    expect(statusForCrew('NEW', 4)).toBe('ASSIGNED');
    expect(statusForCrew('REOPENED', 4)).toBe('ASSIGNED');
    expect(statusForCrew('ASSIGNED', null)).toBe('NEW');
    expect(statusForCrew('IN_PROGRESS', 4)).toBe('IN_PROGRESS');
    expect(statusForCrew('NEW', null)).toBe('NEW');
  });

  it("is due its fault kind's hours for its priority after it opened, late only while not done", () => {
    const opened = new Date('2026-11-30T10:00:00Z');
    const kind = { hoursUrgent: 4, hoursHigh: 24, hoursMedium: 72, hoursLow: 168 };
    expect(workOrderDue(opened, kind, 'URGENT')?.toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(workOrderDue(opened, kind, 'LOW')?.toISOString()).toBe('2026-12-07T10:00:00.000Z');
    expect(workOrderDue(opened, undefined, 'HIGH')).toBeUndefined();
    expect(workOrderDue(opened, { hoursHigh: 0 }, 'HIGH')).toBeUndefined();
    const after = new Date('2026-11-30T15:00:00Z');
    expect(isWorkOrderLate({ status: 'IN_PROGRESS', dueDate: '2026-11-30T14:00:00Z' }, after)).toBe(true);
    expect(isWorkOrderLate({ status: 'DONE', dueDate: '2026-11-30T14:00:00Z' }, after)).toBe(false);
    expect(isWorkOrderLate({ status: 'NEW', dueDate: '2026-11-30T16:00:00Z' }, after)).toBe(false);
    expect(isWorkOrderLate({ status: 'NEW' }, after)).toBe(false);
  });
});

describe('events grouped into orders', () => {
  const event = (id: number, o: Partial<OrderableEvent>): OrderableEvent => ({
    id,
    type: 'LAMP_BROKEN',
    group: 1,
    support: id * 10,
    module: null,
    controller: null,
    cabinet: 7,
    ownCabinet: null,
    street: 'Main St',
    ...o,
  });

  it('makes one batch per type, group, street (any case or spacing) and cabinet, naming each device once', () => {
    const batches = groupEvents([
      event(1, {}),
      event(2, { street: ' main st' }),
      event(3, { cabinet: 8 }),
      event(4, { type: 'DAY_BURNING' }),
      event(5, { group: 2 }),
      event(6, { support: 10 }),
      event(7, { type: 'BREAKER_TRIPPED', support: null, ownCabinet: 7, street: null }),
      event(8, { type: 'BREAKER_TRIPPED', support: null, ownCabinet: 7, street: null }),
    ]);
    expect(batches.map((b) => [b.type, b.group, b.street, b.cabinet, b.events])).toEqual([
      ['LAMP_BROKEN', 1, 'Main St', 7, [1, 2, 6]],
      ['LAMP_BROKEN', 1, 'Main St', 8, [3]],
      ['DAY_BURNING', 1, 'Main St', 7, [4]],
      ['LAMP_BROKEN', 2, 'Main St', 7, [5]],
      ['BREAKER_TRIPPED', 1, null, 7, [7, 8]],
    ]);
    expect(batches[0]!.supports).toEqual([10, 20]);
    expect(batches[0]!.cabinets).toEqual([]);
    expect(batches[4]!.cabinets).toEqual([7]);
  });
});
