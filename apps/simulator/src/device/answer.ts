import { ANSWER, type ReplyMessage, type TypedCommand } from '@sl/protocol';
import type { CabinetDevice } from './cabinet-device.ts';
import type { Lamp } from './lamp.ts';
import { RunningProgram } from './program.ts';
import { RunningSchedule } from './schedule.ts';

/** What a command did: no reply means the controller stays silent and the server times out. */
export type Answer = { reply?: ReplyMessage; touched?: string[]; stateChanged?: boolean };

// a dim holds until the program's next step; programs and schedules are nights at the city's place and zone
const NEEDS_CITY = new Set<TypedCommand['type']>(['dim', 'program', 'schedule']);

export function answer(device: CabinetDevice, cmd: TypedCommand): Answer {
  const done = (result?: unknown): ReplyMessage => ({ id: cmd.id, code: ANSWER.done, result });
  if (!device.cityLoaded && NEEDS_CITY.has(cmd.type))
    return { reply: { id: cmd.id, code: ANSWER.cityNotLoaded } };
  switch (cmd.type) {
    case 'dim':
      return onModules(device, cmd.id, cmd.payload.macs, (l) => device.dimmedByHand(l, cmd.payload.pwm), {
        pwm: cmd.payload.pwm,
      });
    case 'params': {
      const { macs: _, ...p } = cmd.payload;
      return onModules(device, cmd.id, cmd.payload.macs, (l) => Object.assign(l, defined(p)), defined(p));
    }
    case 'switch': {
      // the cabinet's own AUTO/MANUAL key: in MANUAL the contactors are worked by hand
      if (device.io.mode === 'MANUAL') return { reply: { id: cmd.id, code: ANSWER.writeRefused } };
      const { sw1, sw2, sw3 } = cmd.payload;
      [sw1, sw2, sw3].forEach((sw, i) => {
        if (sw !== undefined) device.io.relays[i] = sw === 1;
      });
      return { reply: done({ iostate: device.iostate }), stateChanged: true };
    }
    case 'program': {
      device.program = new RunningProgram(cmd.payload);
      const unknown = device.program.macs.filter((m) => !device.lamps.has(m));
      return {
        reply: done({
          version: cmd.payload.version,
          lamps: device.program.macs.length - unknown.length,
          unknown,
        }),
        stateChanged: true,
      };
    }
    case 'meter':
      device.readingMeter = cmd.payload.enabled;
      return { reply: done({ readingMeter: device.readingMeter }), stateChanged: true };
    case 'schedule': {
      device.runSchedule(new RunningSchedule(cmd.payload));
      const manual = device.io.mode === 'MANUAL';
      // kept for when the key is turned back to AUTO; the answer says it is not in force meanwhile
      return { reply: done({ version: cmd.payload.version, nights: cmd.payload.nights.length, manual }) };
    }
    case 'json':
      return { reply: done(cmd.payload) };
  }
}

/**
 * All named modules must be known (else 3), the radio up (else 7) and each module reachable (else no reply: the
 * radio never hears back).
 */
function onModules(
  device: CabinetDevice,
  id: string,
  macs: string[] | undefined,
  apply: (l: Lamp) => void,
  result: object,
): Answer {
  const targets = macs ? [...new Set(macs)] : [...device.lamps.keys()];
  const unknown = targets.filter((m) => !device.lamps.has(m));
  if (unknown.length) return { reply: { id, code: ANSWER.moduleNotFound, result: { unknown } } };
  if (!device.radioUp) return { reply: { id, code: ANSWER.radioLink } };
  const lamps = targets.map((m) => device.lamps.get(m)!);
  const reachable = lamps.filter(device.reachable);
  reachable.forEach(apply);
  if (reachable.length < lamps.length) return { touched: reachable.map((l) => l.mac) };
  return { reply: { id, code: ANSWER.done, result: { ...result, count: lamps.length } }, touched: targets };
}

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
