import { commandDevices, commands } from './command.table.ts';
import { deviceSecrets } from './device-secret.table.ts';
import { meterHours, moduleHours } from './rollup.table.ts';
import { loginThrottle, sessions } from './session.table.ts';
import { tables } from './tables.ts';

/** Every table the migrations create. */
export const schema = {
  ...tables,
  sessions,
  loginThrottle,
  commands,
  commandDevices,
  deviceSecrets,
  meterHours,
  moduleHours,
};
