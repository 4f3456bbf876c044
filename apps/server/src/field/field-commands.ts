import type { TalqOverrides } from '../talq/talq-overrides.ts';
import type { ProgramPayload } from '../talq/talq-program-entities.ts';
import type { TalqPrograms } from '../talq/talq-programs.ts';
import type { CommandGateway, CommandOutcome, CommandSender } from './command-gateway.ts';

/**
 * One control path, two adapters (issue 31 §7): the command service speaks to controllers through this, and a
 * controller's part of a command goes to a TALQ gateway through TALQ (a lighting program as control programs and
 * calendars, a dim as an override), to any other controller over MQTT.
 */
export class FieldCommands implements CommandSender {
  constructor(
    private readonly mqtt: CommandGateway,
    private readonly talq: TalqOverrides,
    private readonly talqPrograms: TalqPrograms,
  ) {}

  get onStray(): CommandSender['onStray'] {
    return this.mqtt.onStray;
  }

  set onStray(told: CommandSender['onStray']) {
    this.mqtt.onStray = told;
  }

  async send(controllerMac: string, type: string, payload: unknown, ref?: string): Promise<CommandOutcome> {
    if (!(await this.talq.handles(controllerMac))) return this.mqtt.send(controllerMac, type, payload, ref);
    return type === 'program'
      ? this.talqPrograms.send(controllerMac, payload as ProgramPayload, ref)
      : this.talq.send(controllerMac, type, payload, ref);
  }
}
