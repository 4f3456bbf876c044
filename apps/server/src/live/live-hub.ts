import pg from 'pg';

/** One change pushed to signed-in consoles; `groupId` says whose it is (undefined: administrators only). */
export type LiveEvent = {
  type: 'modules' | 'controllers' | 'command' | 'map';
  groupId?: number | null;
  data: unknown;
};
type Listener = { groupId?: number; send(e: LiveEvent): void };

const CHANNEL = 'sl_live';
// NOTIFY payloads must stay under 8000 bytes
const NOTIFY_MAX = 7000;

/**
 * Fans changes out to the live streams of this process. With a PostgreSQL server every event goes through
 * LISTEN/NOTIFY instead, so all server processes on that database see it (this one included, once).
 */
export class LiveHub {
  private readonly listeners = new Set<Listener>();
  private client?: pg.Client;
  private sending: Promise<unknown> = Promise.resolve();

  static async start(databaseUrl: string | undefined): Promise<LiveHub> {
    const hub = new LiveHub();
    if (databaseUrl) {
      hub.client = new pg.Client({ connectionString: databaseUrl });
      // a lost listening connection shows as a failed publish; it must not end the process
      hub.client.on('error', () => {});
      await hub.client.connect();
      hub.client.on('notification', (n) => n.payload && hub.deliver(JSON.parse(n.payload) as LiveEvent));
      await hub.client.query(`listen ${CHANNEL}`);
    }
    return hub;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size() {
    return this.listeners.size;
  }

  async publish(event: LiveEvent): Promise<void> {
    const client = this.client;
    if (!client) return this.deliver(event);
    const parts = split(event).map((part) => JSON.stringify(part));
    // one statement per event, one at a time: the listening connection is shared by every publisher
    const sent = this.sending.then(() =>
      client.query(
        'select pg_notify($1, part) from unnest($2::text[]) with ordinality as p(part, n) order by n',
        [CHANNEL, parts],
      ),
    );
    this.sending = sent.then(
      () => undefined,
      () => undefined,
    );
    await sent;
  }

  /** To this process's streams only: for events every process derives by itself from the shared ones. */
  deliverLocal(event: LiveEvent) {
    this.deliver(event);
  }

  private deliver(event: LiveEvent) {
    for (const l of this.listeners) if (l.groupId === undefined || l.groupId === event.groupId) l.send(event);
  }

  async close() {
    this.listeners.clear();
    await this.client?.end();
  }
}

/** Lists too long for one notification go in several. */
function split(event: LiveEvent): LiveEvent[] {
  const text = JSON.stringify(event);
  if (text.length <= NOTIFY_MAX || !Array.isArray(event.data) || event.data.length < 2) return [event];
  const half = Math.ceil(event.data.length / 2);
  return [
    ...split({ ...event, data: event.data.slice(0, half) }),
    ...split({ ...event, data: event.data.slice(half) }),
  ];
}
