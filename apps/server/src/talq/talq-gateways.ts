import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import { topicMac } from '@sl/protocol';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import { ApiError } from '../http/api-error.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { DeviceSecrets } from '../field/device-secrets.ts';
import { talqGateways } from './talq.table.ts';

const Controllers = entity('Controllers');
/** how long the list of gateways' MACs is believed */
const KNOWN_FOR_MS = 2000;

export type BootstrapState = 'new' | 'announced' | 'services' | 'classes' | 'ready';

/** A commissioned gateway as the TALQ API serves it: its controller row and its TALQ state. */
export type Gateway = {
  id: number;
  login: string;
  name: string;
  group: number | null;
  city: number | null;
  gatewayUri: string;
  gatewayAddress: string | null;
  cmsAddress: string | null;
  state: BootstrapState;
  services: unknown;
  deviceClasses: { name: string; functions?: { functionId: string; type: string }[] }[];
  lastContactAt: Date | null;
  /** what the CMS last could not give it, until it could */
  problem: GatewayProblem | null;
  problemAt: Date | null;
};

/** what the CMS gives a gateway: its GatewayFunction, its lighting programs, its logger configurations */
export type GatewayTask = 'gatewayFunction' | 'programs' | 'loggerConfigs';
/** a task the gateway did not take: the status it answered, or null when it could not be reached */
export type GatewayProblem = { task: GatewayTask; status: number | null };

/** A locally administered unicast MAC of 6 bytes: a gateway's controller row needs one, and its login is it. */
const gatewayMac = () => {
  const b = randomBytes(6);
  b[0] = (b[0]! & 0xfc) | 0x02;
  return b.toString('hex').toUpperCase();
};

/**
 * The TALQ gateways: each a controller of the console (Controllers.protocol TALQ) whose login is its MAC and
 * whose secret is issued, stored (hashed) and rotated as every controller's (device-secrets.ts).
 */
export class TalqGateways {
  private known?: { at: number; macs: Promise<Set<string>> };

  constructor(
    private readonly db: Db,
    private readonly service: EntityService,
    private readonly secrets: DeviceSecrets,
  ) {}

  /**
   * Commissions a gateway in the caller's group (an administrator of no group names one, or a city only one group
   * holds): its controller row, its TALQ row and its first secret. What the gateway announces lands in that group.
   */
  async commission(
    caller: Caller,
    input: { name: string; gatewayUri: string; city?: number; group?: number },
  ) {
    const group = caller.groupId ?? input.group ?? (await this.onlyGroupOf(input.city));
    if (group === undefined) throw new ApiError('IsInvalidError', ['group']);
    const row = await this.service.create(Controllers, caller, {
      uid: input.name,
      mac: gatewayMac(),
      city: input.city,
      group,
      protocol: 'TALQ',
    });
    const id = row._id as number;
    await this.db.insert(talqGateways).values({ controllerId: id, gatewayUri: input.gatewayUri });
    this.known = undefined;
    const issued = (await this.secrets.issue([id])).get(id)!;
    return { id, login: issued.mac, secret: issued.secret };
  }

  /** The group that holds this city, when exactly one does. */
  private async onlyGroupOf(city: number | undefined): Promise<number | undefined> {
    if (city === undefined) return undefined;
    const result = await this.db.execute(
      sql`select _id from groups where deleted_at is null and ${city} = any(cities) limit 2`,
    );
    const rows = (result as { rows?: { _id: number }[] }).rows ?? [];
    return rows.length === 1 ? Number(rows[0]!._id) : undefined;
  }

  /** A new secret for a gateway the caller may edit; the old one stops working at once. */
  async rotate(caller: Caller, id: number) {
    const g = await this.get(caller, id);
    const issued = (await this.secrets.issue([g._id as number])).get(g._id as number)!;
    return { id, login: issued.mac, secret: issued.secret };
  }

  /** The caller's gateway (NotFoundError when it is none, or another group's). */
  private async get(caller: Caller, id: number) {
    const row = await this.service.get(Controllers, caller, id);
    const [talq] = await this.db
      .select({ id: talqGateways.controllerId })
      .from(talqGateways)
      .where(eq(talqGateways.controllerId, id));
    if (!talq || row.protocol !== 'TALQ') throw new ApiError('NotFoundError');
    return row;
  }

  /** The gateways of the caller's scope with their bootstrap state and last contact. */
  async list(caller: Caller): Promise<Gateway[]> {
    return this.select(caller.groupId === undefined ? undefined : { group: caller.groupId });
  }

  /** The live gateway whose login this is. */
  async byLogin(login: string): Promise<Gateway | undefined> {
    return (await this.select({ mac: topicMac(login) }))[0];
  }

  /**
   * Whether the controller with this MAC is a live gateway (its commands go out through TALQ). The gateways' MACs
   * are read at most every KNOWN_FOR_MS, and at once after a commissioning here: another server process learns of
   * a new gateway within that time, before the gateway could have finished its bootstrap.
   */
  async isGateway(controllerMac: string): Promise<boolean> {
    if (!this.known || Date.now() - this.known.at > KNOWN_FOR_MS) {
      const C = tableOf(Controllers);
      const macs = this.db
        .select({ mac: C.mac })
        .from(talqGateways)
        .innerJoin(C, eq(C._id, talqGateways.controllerId))
        .where(isNull(C.deletedAt))
        .then((rows) => new Set(rows.map((r) => r.mac as string)));
      macs.catch(() => (this.known = undefined));
      this.known = { at: Date.now(), macs };
    }
    return (await this.known.macs).has(controllerMac);
  }

  /** The live gateway of this controller. */
  async byController(id: number): Promise<Gateway | undefined> {
    return (await this.select({ id }))[0];
  }

  private async select(where?: { group?: number; mac?: string; id?: number }): Promise<Gateway[]> {
    const C = tableOf(Controllers);
    const rows = await this.db
      .select({
        id: C._id,
        login: C.mac,
        name: C.uid,
        group: C.group,
        city: C.city,
        gatewayUri: talqGateways.gatewayUri,
        gatewayAddress: talqGateways.gatewayAddress,
        cmsAddress: talqGateways.cmsAddress,
        state: talqGateways.state,
        services: talqGateways.services,
        deviceClasses: talqGateways.deviceClasses,
        lastContactAt: talqGateways.lastContactAt,
        problem: talqGateways.problem,
        problemAt: talqGateways.problemAt,
      })
      .from(talqGateways)
      .innerJoin(C, eq(C._id, talqGateways.controllerId))
      .where(
        and(
          isNull(C.deletedAt),
          where?.group === undefined ? undefined : eq(C.group, where.group),
          where?.mac === undefined ? undefined : eq(C.mac, where.mac),
          where?.id === undefined ? undefined : eq(C._id, where.id),
        ),
      )
      .orderBy(C._id);
    return rows as Gateway[];
  }

  /** Writes a gateway's TALQ state (and notes the contact). */
  async update(id: number, set: Partial<typeof talqGateways.$inferInsert>) {
    await this.db.update(talqGateways).set(set).where(eq(talqGateways.controllerId, id));
  }

  /**
   * What became of a task the CMS gave the gateway: a problem is kept (with when) for its screen; the task done,
   * that task's problem is over.
   */
  async tried(id: number, task: GatewayTask, problem?: { status: number | null }) {
    if (problem) {
      await this.update(id, { problem: { task, status: problem.status }, problemAt: new Date() });
      return;
    }
    await this.db
      .update(talqGateways)
      .set({ problem: null, problemAt: null })
      .where(and(eq(talqGateways.controllerId, id), sql`${talqGateways.problem}->>'task' = ${task}`));
  }

  /** Notes that a gateway was heard from, now. */
  async heard(id: number) {
    await this.update(id, { lastContactAt: new Date() });
  }
}
