import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import {
  everyController,
  MAX_MESSAGE_BYTES,
  parseTopic,
  replyMessage,
  topic,
  type CommandMessage,
  type ReplyMessage,
} from '@sl/protocol';

/** What a controller answered; `code` 1 when it did not answer in time. */
export type CommandOutcome = ReplyMessage & { timedOut: boolean };

/** What runs a command's part at one controller, whatever the protocol between them (field-commands.ts). */
export type CommandSender = {
  send(controllerMac: string, type: string, payload: unknown, ref?: string): Promise<CommandOutcome>;
  /** told of a reply this process is not waiting for, with the controller it came from and its reference */
  onStray?: (controllerMac: string, ref: string, reply: ReplyMessage) => void;
};

/**
 * Sends commands to controllers over MQTT and pairs each with its one reply by correlation id. A command that
 * gets no reply in time ends as a timeout (code 1), never as done. A correlation id may begin with a reference of the
 * sender's (`<ref>.<random>`), so that a reply no one here waits for (its sender stopped) can still be recorded.
 */
export class CommandGateway implements CommandSender {
  private readonly pending = new Map<string, { mac: string; settle: (r: CommandOutcome) => void }>();

  /** replies that could not be read; each is also reported through `onMalformed` */
  malformed = 0;
  /** told of a reply this process is not waiting for, with the controller it came from and its reference */
  onStray?: (controllerMac: string, ref: string, reply: ReplyMessage) => void;

  constructor(
    private readonly client: MqttClient,
    private readonly timeoutMs: number,
    private readonly onMalformed: (topic: string, reason: string) => void = () => {},
  ) {
    client.on('message', (name, buf) => this.onMessage(name, buf));
    client.subscribe(everyController('reply'), { qos: 1 });
  }

  send(controllerMac: string, type: string, payload: unknown, ref?: string): Promise<CommandOutcome> {
    const id = ref === undefined ? randomUUID() : `${ref}.${randomUUID()}`;
    const message: CommandMessage = { id, type, payload, sentAt: new Date().toISOString() };
    const mac = topic(controllerMac, 'reply').split('/')[2]!;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle({ id: message.id, code: 1, timedOut: true }), this.timeoutMs);
      const settle = (r: CommandOutcome) => {
        clearTimeout(timer);
        this.pending.delete(message.id);
        resolve(r);
      };
      this.pending.set(message.id, { mac, settle });
      this.client.publish(topic(controllerMac, 'cmd'), JSON.stringify(message), { qos: 1 });
    });
  }

  private onMessage(name: string, buf: Buffer) {
    const where = parseTopic(name);
    if (where?.kind !== 'reply') return;
    if (buf.length > MAX_MESSAGE_BYTES) return this.reject(name, `over ${MAX_MESSAGE_BYTES} bytes`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(buf.toString('utf8'));
    } catch {
      return this.reject(name, 'not JSON');
    }
    const reply = replyMessage.safeParse(parsed);
    if (!reply.success) return this.reject(name, reply.error.issues.map((i) => i.path.join('.')).join(','));
    const waiting = this.pending.get(reply.data.id);
    // a reply is only believed from the controller the command went to
    if (waiting) {
      if (waiting.mac === where.mac) waiting.settle({ ...reply.data, timedOut: false });
      return;
    }
    const dot = reply.data.id.indexOf('.');
    if (dot > 0) this.onStray?.(where.mac, reply.data.id.slice(0, dot), reply.data);
  }

  private reject(topic: string, reason: string) {
    this.malformed += 1;
    this.onMalformed(topic, reason);
  }
}
