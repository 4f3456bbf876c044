import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { entity } from '@sl/domain';
import { ANSWER } from '@sl/protocol';
import type { Db } from '../db/connect.ts';
import type { LiveHub } from '../live/live-hub.ts';
import { tableOf } from '../db/tables.ts';
import type { CommandOutcome } from '../field/command-gateway.ts';
import { gatewayRequest } from './talq-gateway-client.ts';
import type { TalqGateways } from './talq-gateways.ts';
import { checkRequest } from './talq-schemas.ts';
import { talqDevices } from './talq.table.ts';

// The console's dim of a TALQ gateway's lamps (issue 31 §4): one `POST /override-commands` to the gateway, a
// LevelState with an expiration and reason `override`, its cmsRefId the command's reference. The gateway's 201
// says it is done; its 202 only that it accepted the command, which is done for a lamp when the gateway PATCHes
// that lamp's `feedbackLightCommand` with the same cmsRefId. A command not fed back for every lamp within the
// command timeout is timed out, as an MQTT controller's silence is. The feedback may reach another server process
// than the one that sent the command (the gateway calls whichever its cmsUri leads to): every process hears it
// through the live hub, and the one waiting on the command settles it.

const Modules = tableOf(entity('LuminaryModules'));
/**
 * How long a manual dim holds on a TALQ lamp: the gateway then goes back to its own program (the calendar the
 * console assigned it). An MQTT controller holds it until its program's next step; an override's expiration is
 * fixed when it is sent, so a night's length.
 */
export const OVERRIDE_HOURS = 12;

/** one lamp's feedback of one command, as a gateway gave it to some server process */
type Confirmation = { gatewayId: number; cmsRefId: string; address: string };

type Waiting = {
  gatewayId: number;
  outstanding: Set<string>;
  lamps: number;
  settle(outcome: CommandOutcome): void;
};

export class TalqOverrides {
  /** commands the gateways accepted (202) and this process waits on, by cmsRefId */
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly db: Db,
    private readonly gateways: TalqGateways,
    private readonly timeoutMs: number,
    private readonly hub: LiveHub,
  ) {
    hub.subscribe({
      send: (e) => {
        if (e.type === 'talqFeedback') this.confirm(e.data as Confirmation[]);
      },
    });
  }

  /** Whether the controller with this MAC is a TALQ gateway. */
  handles(controllerMac: string): Promise<boolean> {
    return this.gateways.isGateway(controllerMac);
  }

  /** The gateway's part of a command: a dim goes out as an override command; no other kind goes to TALQ yet. */
  async send(controllerMac: string, type: string, payload: unknown, ref?: string): Promise<CommandOutcome> {
    const id = `${ref ?? 'c'}.${randomUUID()}`;
    const answer = (code: number, result?: unknown): CommandOutcome => ({
      id,
      code,
      result,
      timedOut: false,
    });
    if (type !== 'dim') return answer(ANSWER.unsupported, { talq: 'notSentToTalqGateways' });
    const g = await this.gateways.byLogin(controllerMac);
    if (!g || g.state !== 'ready' || !g.cmsAddress)
      return answer(ANSWER.connection, { talq: 'notBootstrapped' });
    const { macs, pwm } = payload as { macs?: string[]; pwm: number };
    const addresses = await this.addressesOf(g.id, macs);
    if (!addresses.length) return answer(ANSWER.moduleNotFound);
    const started = Date.now();
    const body = {
      addresses: addresses.map((address) => ({ resource: 'devices', address })),
      targetCommand: {
        state: { name: 'LevelState', value: pwm },
        reason: 'override',
        cmsRefId: id,
        expiration: new Date(started + OVERRIDE_HOURS * 3_600_000).toISOString(),
      },
    };
    const checked = checkRequest('gw', '/override-commands', 'POST', body);
    if (!checked.ok) throw new Error(`TALQ override command: ${checked.errors.join('; ')}`);
    // waited on before it is sent: the gateway may feed back before its 202 reaches us
    const fed = new Promise<CommandOutcome>((resolve) => {
      const timer = setTimeout(() => {
        const w = this.waiting.get(id);
        this.waiting.delete(id);
        resolve({
          id,
          code: ANSWER.timeout,
          timedOut: true,
          result: {
            lamps: addresses.length - (w?.outstanding.size ?? 0),
            unconfirmed: [...(w?.outstanding ?? [])],
          },
        });
      }, this.timeoutMs);
      this.waiting.set(id, {
        gatewayId: g.id,
        outstanding: new Set(addresses),
        lamps: addresses.length,
        settle: (o) => {
          clearTimeout(timer);
          this.waiting.delete(id);
          resolve(o);
        },
      });
    });
    const settled = (o: CommandOutcome) => {
      this.waiting.get(id)?.settle(o);
      return fed;
    };
    let sent;
    try {
      sent = await gatewayRequest(g, 'POST', '/override-commands', { body, timeoutMs: this.timeoutMs });
    } catch {
      return settled(answer(ANSWER.connection, { talq: 'gatewayUnreachable' }));
    }
    if (sent.status === 201) return settled(answer(ANSWER.done, { lamps: addresses.length }));
    if (sent.status === 202) return fed;
    const keys = Array.isArray(sent.body) ? sent.body.map((e: { key?: unknown }) => e?.key) : [];
    return settled(
      answer(sent.status === 422 ? ANSWER.unsupported : ANSWER.writeRefused, {
        talq: keys,
        status: sent.status,
      }),
    );
  }

  /**
   * A gateway's PATCH or PUT of its devices: each lamp whose `feedbackLightCommand` carries a cmsRefId confirms that
   * command for that lamp, to whichever server process waits on it (this one too, once).
   */
  async feedback(gatewayId: number, devices: { address: string; functions?: Record<string, unknown>[] }[]) {
    const confirmations = devices.flatMap((d) =>
      (d.functions ?? []).flatMap((f) => {
        const command = (f.feedbackLightCommand as { value?: { cmsRefId?: unknown } } | undefined)?.value;
        return typeof command?.cmsRefId === 'string'
          ? [{ gatewayId, cmsRefId: command.cmsRefId, address: d.address.toLowerCase() }]
          : [];
      }),
    );
    if (!confirmations.length) return;
    // without the shared channel (PGlite, or its connection lost) the hub tells this process alone
    await this.hub
      .publish({ type: 'talqFeedback', data: confirmations })
      .catch(() => this.confirm(confirmations));
  }

  /** The lamps confirmed of the commands this process waits on; a command is done when all of its lamps are. */
  private confirm(confirmations: Confirmation[]) {
    for (const { gatewayId, cmsRefId, address } of confirmations) {
      const w = this.waiting.get(cmsRefId);
      if (!w || w.gatewayId !== gatewayId) continue;
      w.outstanding.delete(address);
      if (!w.outstanding.size)
        w.settle({ id: cmsRefId, code: ANSWER.done, timedOut: false, result: { lamps: w.lamps } });
    }
  }

  /** The TALQ addresses of the gateway's lamps with these module MACs (all of its lamps when none are named). */
  private async addressesOf(gatewayId: number, macs?: string[]): Promise<string[]> {
    const rows = await this.db
      .select({ address: talqDevices.address })
      .from(talqDevices)
      .innerJoin(Modules, eq(Modules._id, talqDevices.moduleId))
      .where(
        and(
          eq(talqDevices.gatewayId, gatewayId),
          isNull(Modules.deletedAt),
          macs ? inArray(Modules.mac, macs) : undefined,
        ),
      )
      .orderBy(talqDevices.address);
    return rows.map((r) => r.address);
  }
}
