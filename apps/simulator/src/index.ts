export { startSimulator, type SimulatorHandle, type SimulatorOptions } from './simulator.ts';
export {
  loadCity,
  buildCity,
  type Cabinet,
  type City,
  type LampModule,
  type Support,
} from './city/build-city.ts';
export { CAMBRIDGE_MODELS, cambridgeModel, type CambridgeModel } from './city/cambridge-models.ts';
export { CITIES, isCityName, type CityName } from './city/inventory.ts';
export type { Counters } from './counters.ts';
export { DEFAULT_FAULTS, NO_FAULTS, type FaultRates } from './device/faults.ts';
export {
  addressOfMac,
  startTalqGateway,
  type TalqGatewayHandle,
  type TalqGatewayOptions,
  type TalqLamp,
} from './talq/talq-gateway.ts';
