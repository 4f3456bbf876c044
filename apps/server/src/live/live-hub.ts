import pg from 'pg';

/**
 * One change pushed to signed-in consoles; `groupId` says whose it is (undefined: administrators only). `tables`
 * (the tables a server process wrote to) and `devices` (a server process wrote devices the map shows: their places,
 * groups, links) and `entities` (registry entities written through the entity service, by name) are for the server
 * processes only, never sent to a console, as is `talqFeedback` (a TALQ gateway's feedback of a command, for the
 * process that waits on it).
 */
export type LiveEvent = {
  type:
    | 'modules'
    | 'controllers'
    | 'meters'
    | 'command'
    | 'map'
    | 'tables'
    | 'devices'
    | 'entities'
    | 'events'
    | 'talqFeedback';
  groupId?: number | null;
  data: unknown;
};
type Listener = { groupId?: number; send(e: LiveEvent): void };

const CHANNEL = 'sl_live';
/** how a server's listening connection shows in pg_stat_activity */
export const LISTENER_NAME = 'sl-live-listener';
// NOTIFY payloads must stay under 8000 bytes
const NOTIFY_MAX = 7000;
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * Fans changes out to the live streams of this process. With a PostgreSQL server every event goes through
 * LISTEN/NOTIFY instead, so all server processes on that database see it (this one included, once).
 */
export class LiveHub {
  private readonly listeners = new Set<Listener>();
  /** The listening connection; while it is lost and being made again, events reach this process's streams. */
  private client?: pg.Client;
  private reconnecting?: Promise<void>;
  private closed = false;
  private sending: Promise<unknown> = Promise.resolve();

  private constructor(private readonly databaseUrl?: string) {}

  static async start(databaseUrl: string | undefined): Promise<LiveHub> {
    const hub = new LiveHub(databaseUrl);
    if (databaseUrl) await hub.connect();
    return hub;
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: LISTENER_NAME });
    // a lost listening connection must not end the process: it is made again
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => n.payload && this.deliver(JSON.parse(n.payload) as LiveEvent));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) return void (await client.end());
    this.client = client;
  }

  private lost(client: pg.Client) {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.reconnecting ??= this.reconnect().finally(() => (this.reconnecting = undefined));
  }

  private async reconnect() {
    for (let wait = RECONNECT_FIRST_MS; !this.closed; wait = Math.min(wait * 2, RECONNECT_MAX_MS)) {
      await new Promise((r) => setTimeout(r, wait));
      if (
        await this.connect().then(
          () => true,
          () => false,
        )
      )
        return;
    }
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
    this.closed = true;
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
