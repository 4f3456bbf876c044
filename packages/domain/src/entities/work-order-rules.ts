import { defineEntity } from '../entity.ts';
import { bool, int, oneOf, ref, text } from '../fields.ts';
import { EVENT_TYPES } from '../status.ts';
import { WORK_ORDER_PRIORITIES } from '../maintenance/work-order-states.ts';

/**
 * A dispatcher's rule: events of a type (in a district) open this long become work orders by themselves, one per
 * street and cabinet, so a storm of events is a few orders, not thousands.
 */
export const WorkOrderRules = defineEntity({
  name: 'WorkOrderRules',
  label: { 'en-us': 'Ordering rules', ru: 'Правила нарядов' },
  labelOne: { 'en-us': 'Ordering rule', ru: 'Правило нарядов' },
  aliases: ['work-order-rules'],
  area: 'WorkOrders',
  groupField: 'group',
  fields: {
    name: text({ required: true, search: true, list: true }),
    eventType: oneOf(EVENT_TYPES, { required: true, list: true }),
    // none: the group's whole city
    district: ref('Districts', { list: true }),
    afterMinutes: int({ min: 0, max: 10_080, default: 120, list: true }),
    priority: oneOf(WORK_ORDER_PRIORITIES, { default: 'MEDIUM', list: true }),
    crew: ref('Crews', { list: true }),
    active: bool({ default: true, list: true }),
    group: ref('Groups'),
  },
});
