import { commandDevices, commands } from './command.table.ts';
import { sessions } from './session.table.ts';
import { tables } from './tables.ts';

/** Every table the migrations create. */
export const schema = { ...tables, sessions, commands, commandDevices };
