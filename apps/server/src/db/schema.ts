import { changeLog } from './change-log.table.ts';
import { commandDevices, commands } from './command.table.ts';
import { controllerGoodbyes } from './controller-goodbye.table.ts';
import { deviceSecrets } from './device-secret.table.ts';
import {
  districtHours,
  groupHours,
  meterHours,
  moduleDays,
  moduleHours,
  savedHours,
} from './rollup.table.ts';
import { loginThrottle, sessions } from './session.table.ts';
import { tables } from './tables.ts';
import { talqDevices, talqGateways, talqRequestIds } from '../talq/talq.table.ts';
import { userPreferences } from './user-preference.table.ts';

/** Every table the migrations create. */
export const schema = {
  ...tables,
  sessions,
  loginThrottle,
  commands,
  commandDevices,
  deviceSecrets,
  controllerGoodbyes,
  meterHours,
  groupHours,
  moduleHours,
  moduleDays,
  districtHours,
  savedHours,
  changeLog,
  userPreferences,
  talqGateways,
  talqDevices,
  talqRequestIds,
};
