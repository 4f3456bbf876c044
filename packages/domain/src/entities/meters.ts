import { defineEntity } from '../entity.ts';
import { float, int, list, object, oneOfInt, ref, text, timestamp } from '../fields.ts';

export const Meters = defineEntity({
  name: 'Meters',
  label: { 'en-us': 'Meters', ru: 'Счётчики' },
  labelOne: { 'en-us': 'Meter', ru: 'Счётчик' },
  aliases: ['meters'],
  area: 'Meters',
  groupField: 'group',
  titleField: 'serial',
  fields: {
    serial: text({ required: true, unique: true, search: true, list: true, max: 64 }),
    meterModel: ref('MeterModels', { list: true }),
    group: ref('Groups'),
    cabinet: ref('Cabinets', { list: true }),
    controller: ref('Controllers'),
    power_transformation: float({ min: 0, default: 1 }),
    voltage_transformation: float({ min: 0, default: 1 }),
    // the meter reads its transformers' secondary side: the primary's figures are its own times both ratios
    transformationRatio: float({ readOnly: true, derived: true }),
    tariffCount: int({ min: 1, max: 8, default: 1 }),
    // the latest reading per phase, raw integers as the meter gave them (65535, no value, stored as 0):
    // voltage in 0.01 V, current in mA, power in 0.01 W, energy in Wh
    energyData: list(
      object({
        phase: oneOfInt([1, 2, 3], { show: { rule: 'phase' } }),
        voltage: int({ show: { unit: 'V', divisor: 100 } }),
        current: int({ show: { unit: 'A', divisor: 1000 } }),
        power: int({ show: { rule: 'meterPower' } }),
        energy: float({ show: { unit: 'kWh', divisor: 1000 } }),
      }),
      { readOnly: true, max: 3 },
    ),
    lastReceivedAt: timestamp({ readOnly: true }),
  },
});
