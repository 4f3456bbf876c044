import { defineEntity } from '../entity.ts';
import { float, ref, text } from '../fields.ts';

export const LuminaryModels = defineEntity({
  name: 'LuminaryModels',
  label: { 'en-us': 'Lamp models', ru: 'Модели светильников' },
  labelOne: { 'en-us': 'Lamp model', ru: 'Модель светильника' },
  aliases: ['luminary-models', 'lamp-models'],
  area: 'LuminaryModels',
  fields: {
    code: text({ unique: true, search: true, list: true, max: 64 }),
    name: text({ required: true, search: true, list: true }),
    vendor: ref('Vendors', { required: true, list: true }),
    power: float({ min: 0, max: 100000, show: { unit: 'W' } }),
    dimensions: text(),
    additionalInfo: text({ max: 2000 }),
    bodyColor: text(),
    controlType: text(),
    diffuserType: text(),
    emergencyPowerSupplyUnit: text(),
    ledInfo: text(),
    lightColorType: text(),
    lightIntensityCurve: text(),
    mountType: text(),
    powerSupplyPosition: text(),
    protectionClass: text(),
  },
});
