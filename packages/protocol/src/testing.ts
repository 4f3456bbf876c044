import type { ModuleReading } from './modules.ts';

/** A valid module reading of now, for tests that publish or decode one; `over` replaces any of its values. */
export const sampleModuleReading = (
  mac: string,
  over: Partial<Record<keyof ModuleReading, unknown>> = {},
) => ({
  mac,
  pwm: 60,
  pow: 40,
  lux: 1,
  temp: 21,
  energy: 1000,
  runh: 100,
  lpwm: 0,
  cpwm: 100,
  rssi: -70,
  twil: 2,
  cl_status: 1,
  phase: 1,
  at: new Date().toISOString(),
  ...over,
});
