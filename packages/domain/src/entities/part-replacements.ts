import { defineEntity } from '../entity.ts';
import { day, oneOf, ref, text } from '../fields.ts';
import { PART_KINDS } from '../maintenance/part-kinds.ts';

/**
 * A part a crew replaced on a work order (issue 32): the asset's lifecycle, which device lost what and got what, when
 * and by whom. Recording one moves the device on (apps/server/src/maintenance/part-replacement-hooks.ts).
 */
export const PartReplacements = defineEntity({
  name: 'PartReplacements',
  label: { 'en-us': 'Part replacements', ru: 'Замены деталей' },
  labelOne: { 'en-us': 'Part replacement', ru: 'Замена детали' },
  aliases: ['part-replacements'],
  area: 'WorkOrders',
  groupField: 'group',
  titleField: 'fittedSerial',
  listSort: { field: 'replacedOn', order: 'DESC' },
  // the devices' lifecycle: it names them, never keeps one from being deleted
  history: true,
  fields: {
    workOrder: ref('WorkOrders', { required: true, list: true, filter: true }),
    kind: oneOf(PART_KINDS, { required: true, list: true, filter: true }),
    // the lamp the part was on (a lamp or driver replaced; for a control module, the lamp it served)
    luminary: ref('Luminaries', { list: true, filter: true }),
    // the control module taken out (a control module replaced)
    module: ref('LuminaryModules', { filter: true }),
    // the control module put in its place, found or made by its MAC
    fittedModule: ref('LuminaryModules', { readOnly: true, filter: true }),
    removedSerial: text({ max: 64, search: true }),
    // a control module's MAC, a lamp's or driver's serial number
    fittedSerial: text({ max: 64, search: true, list: true }),
    fittedModel: ref('LuminaryModels', { list: true, filter: true }),
    replacedOn: day({ required: true, list: true }),
    replacedBy: ref('Users', { readOnly: true, list: true }),
    note: text({ max: 2000 }),
    group: ref('Groups'),
  },
});
