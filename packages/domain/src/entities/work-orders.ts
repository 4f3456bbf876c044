import { defineEntity } from '../entity.ts';
import { oneOf, ref, refs, text, timestamp } from '../fields.ts';
import { EVENT_TYPES } from '../status.ts';
import {
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATUSES,
  workOrderProblem,
} from '../maintenance/work-order-states.ts';

/** A repair: what is to be done on which devices, by whom and by when (issue 32). */
export const WorkOrders = defineEntity({
  name: 'WorkOrders',
  label: { 'en-us': 'Work orders', ru: 'Наряды' },
  labelOne: { 'en-us': 'Work order', ru: 'Наряд' },
  aliases: ['work-orders'],
  area: 'WorkOrders',
  groupField: 'group',
  titleField: 'title',
  // the dispatcher's question: what is due first
  listSort: { field: 'dueDate', order: 'ASC' },
  fields: {
    title: text({ required: true, search: true, list: true }),
    status: oneOf(WORK_ORDER_STATUSES, { default: 'NEW', list: true, filter: true }),
    priority: oneOf(WORK_ORDER_PRIORITIES, { default: 'MEDIUM', list: true, filter: true }),
    faultKind: ref('FaultKinds', { list: true, filter: true }),
    eventType: oneOf(EVENT_TYPES),
    crew: ref('Crews', { list: true, filter: true }),
    // from the fault kind's service level and the priority, counted from when the order was opened
    dueDate: timestamp({ readOnly: true, list: true }),
    street: text({ search: true }),
    supports: refs('LuminarySupports'),
    luminaries: refs('Luminaries'),
    modules: refs('LuminaryModules'),
    cabinets: refs('Cabinets'),
    events: refs('ImportantEvents'),
    // why it was reopened or cancelled
    reason: text({ max: 2000 }),
    notes: text({ max: 4000 }),
    group: ref('Groups'),
    doneAt: timestamp({ readOnly: true }),
    closedAt: timestamp({ readOnly: true }),
  },
  check: workOrderProblem,
});
