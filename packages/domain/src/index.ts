export * from './access.ts';
export * from './entity.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './registry.ts';
export * from './save-rules.ts';
export * from './schemas.ts';
export * from './status.ts';
export * from './marker-states.ts';
export * from './units.ts';
export * from './value-labels.ts';
export * from './astro/twilight-methods.ts';
export { MAX_SOCKETS } from './entities/luminary-supports.ts';
export { canonicalMac, MAC } from './entities/luminary-modules.ts';
export { DEFAULT_SEQUENCE, IO_SEQUENCE_LENGTH } from './entities/controllers.ts';
export * from './access-rules.ts';
export * from './password-rules.ts';
export {
  contactorsClosed,
  decodeIo,
  encodeIo,
  IO_BITS,
  litOutputs,
  type Inversion,
  type IoState,
} from './io-state.ts';
export * from './map-camera.ts';
export * from './lng-lat.ts';
export * from './field-labels.ts';
export * from './device-truth.ts';
export * from './inventory-import.ts';
export * from './date-text.ts';
export * from './group-by.ts';
export * from './record-title.ts';
export * from './maintenance/work-order-states.ts';
export * from './maintenance/event-grouping.ts';
export * from './maintenance/repair-night.ts';
export * from './maintenance/power-band.ts';
export * from './maintenance/dispatch-board.ts';
export * from './maintenance/open311-services.ts';
export * from './maintenance/maintenance-reports.ts';
export * from './maintenance/part-kinds.ts';
export * from './maintenance/parts-used.ts';
