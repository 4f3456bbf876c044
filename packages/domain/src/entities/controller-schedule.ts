import { defineEntity } from '../entity.ts';
import { int, list, object, ref, text, time } from '../fields.ts';

/** Power schedule of a controller, one record per month; times are UTC. */
export const ControllerSchedule = defineEntity({
  name: 'ControllerSchedule',
  label: { 'en-us': 'Power schedule', ru: 'График включения' },
  labelOne: { 'en-us': 'Power schedule', ru: 'График включения' },
  aliases: ['controller-schedule'],
  area: 'ControllerSchedule',
  groupField: 'group',
  titleField: 'month',
  fields: {
    controller: ref('Controllers', { required: true, list: true }),
    month: text({ required: true, list: true, pattern: /^\d{4}-(0[1-9]|1[0-2])$/ }),
    group: ref('Groups'),
    timeData: list(object({ day: int({ required: true, min: 1, max: 31 }), off: time(), on: time() }), {
      max: 31,
      default: [],
    }),
  },
  uniqueTogether: [['controller', 'month']],
});
