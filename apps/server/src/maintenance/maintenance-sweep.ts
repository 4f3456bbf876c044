import type { FastifyBaseLogger } from 'fastify';
import { OPEN_WORK_ORDER_STATUSES, type WorkOrderPriority } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import type { Clock } from '../lighting/program-service.ts';
import type { SenderLease } from '../lighting/sender-lease.ts';
import { orderEvents, type OrderingQueue } from './event-orders.ts';
import { verifyRepairs } from './repair-verifier.ts';

type Rule = {
  _id: number;
  event_type: string;
  district: number | null;
  after_minutes: number | null;
  priority: WorkOrderPriority | null;
  crew: number | null;
  group: number | null;
};

// open events of the rule's type, old enough, in its group and district, in no order that is not over
const DUE_EVENTS = `
  select e._id
  from important_events e
  left join luminary_supports s on s._id = e.support
  left join cabinets k on k._id = e.cabinet
  left join (select distinct unnest(w.events) as id from work_orders w
    where w.deleted_at is null and w.status = any($5::text[])) ordered on ordered.id = e._id
  where e.status = 'OPEN' and e.deleted_at is null and e.type = $1
    and ($2::bigint is null or e."group" = $2)
    and e.open_date <= $3::timestamptz
    and ($4::bigint is null or coalesce(s.district, k.district) = $4)
    and ordered.id is null
  order by e._id
  limit 100000`;

export type SweepResult = { ordered: number; verified: number; reopened: number };

/**
 * What maintenance does by itself, every period, in one server process (the holder of its lease): the dispatchers'
 * ordering rules (each active rule's events make grouped work orders as if a dispatcher had selected them), then
 * the done orders proved or reopened by the night after their repair. What it writes names no user in the
 * history: the server did it.
 */
export class MaintenanceSweep {
  private timer?: NodeJS.Timeout;
  private running?: Promise<SweepResult>;

  constructor(
    private readonly raw: Raw,
    private readonly service: EntityService,
    private readonly queue: OrderingQueue,
    private readonly clock: Clock,
    private readonly lease: SenderLease,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(periodMs: number) {
    this.timer = setInterval(
      () => void this.pass().catch((err: unknown) => this.log.error({ err }, 'maintenance sweep failed')),
      periodMs,
    );
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    await this.lease.close();
  }

  /** One pass: every active rule, then every done order whose night is over. */
  pass(): Promise<SweepResult> {
    this.running ??= this.sweep().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweep(): Promise<SweepResult> {
    if (!(await this.lease.held())) return { ordered: 0, verified: 0, reopened: 0 };
    const ordered = await this.orderByRules();
    const proved = await this.queue.run(() => verifyRepairs(this.raw, this.service, this.clock.now()));
    return { ordered, ...proved };
  }

  private async orderByRules(): Promise<number> {
    const { rows } = await this.raw.query(
      `select _id, event_type, district, after_minutes, priority, crew, "group" from work_order_rules
      where deleted_at is null and active is not false order by _id`,
      [],
    );
    let made = 0;
    for (const rule of rows as Rule[]) {
      const since = new Date(this.clock.now().getTime() - (rule.after_minutes ?? 0) * 60_000);
      made += await this.queue.run(async () => {
        const { rows: events } = await this.raw.query(DUE_EVENTS, [
          rule.event_type,
          rule.group,
          since.toISOString(),
          rule.district,
          OPEN_WORK_ORDER_STATUSES,
        ]);
        if (!events.length) return 0;
        const caller = { ...(rule.group != null && { groupId: Number(rule.group) }), allows: () => true };
        try {
          const ordered = await orderEvents(
            this.service,
            this.raw,
            caller,
            events.map((e) => Number(e._id)),
            {
              priority: rule.priority ?? 'MEDIUM',
              ...(rule.crew != null && { crew: Number(rule.crew) }),
            },
            this.clock.now(),
          );
          return ordered.created.length;
        } catch (err) {
          // a rule that cannot make its orders (its crew moved to another group) leaves the others be
          this.log.warn({ err, rule: rule._id }, 'an ordering rule could not make its work orders');
          return 0;
        }
      });
    }
    return made;
  }
}
