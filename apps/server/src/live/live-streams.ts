import type { ServerResponse } from 'node:http';
import { ENTITIES, entity, type Area } from '@sl/domain';
import { MAP_LAYERS } from '../map/tiles.ts';
import type { LiveEvent, LiveHub } from './live-hub.ts';

/** Who reads a stream: their group (undefined: every group) and whether their rights show an area. */
export type Reader = { groupId?: number; sees(area: Area): boolean };

/**
 * How a stream's reader is asked again while it stays open: `check` gives the reader as the session and rights now
 * stand, or undefined once the session has ended (signed out, revoked, expired, the user locked or deleted). The
 * streams of one `session` are asked once a round; `userId` says whose streams a change of a user concerns.
 */
export type Recheck = { session: string; userId: number; check(): Promise<Reader | undefined> };

export type LiveStreamOptions = {
  /** device changes are gathered this long and sent once per device, the latest state winning */
  coalesceMs: number;
  /** a stream whose unsent output passes this many bytes is not being read: it is ended */
  maxBufferBytes: number;
  /** a comment line this often keeps proxies from closing an idle stream */
  heartbeatMs: number;
  /**
   * every stream's session and rights are asked again this often (at once for the users a change in this process
   * concerns): a change made through another server process reaches the streams within about this time
   */
  recheckMs: number;
};

export const LIVE_DEFAULTS: LiveStreamOptions = {
  coalesceMs: 250,
  maxBufferBytes: 256 * 1024,
  heartbeatMs: 15_000,
  recheckMs: 2000,
};

/** `checking`: its reader is being asked; `again`: something changed meanwhile, so it is asked once more after */
type Stream = Reader & { res: ServerResponse; recheck?: Recheck; checking?: boolean; again?: boolean };
/** Device changes of one kind, one group and one area, by device, waiting for the next send. */
type Gathered = { type: LiveEvent['type']; groupId: number | null; area: Area; rows: Map<string, unknown> };

/** The area whose view a device event needs; a map change names its layer (spec §6: each device's own area). */
const areaOfType: Partial<Record<LiveEvent['type'], Area>> = {
  command: 'control',
  modules: entity('LuminaryModules').area,
  controllers: entity('Controllers').area,
  meters: entity('Meters').area,
  events: entity('ImportantEvents').area,
};
const areaOfLayer = new Map(MAP_LAYERS.map((l) => [l as string, entity(l).area]));
const ENTITY_AREAS = new Map(ENTITIES.map((e) => [e.name, e.area]));
const GATHERED = new Set<LiveEvent['type']>(['modules', 'controllers', 'meters', 'map', 'events']);

/**
 * The live streams of this process. Each event goes only to the streams of its group (all, for a reader of every
 * group) whose rights show it: command progress needs the view of `control`, a device change the view of the
 * device's area. Device changes are gathered per device for `coalesceMs` (a flood of readings about one lamp is
 * sent as its latest state), framed once for every reader, and a reader that does not read is ended once its
 * unsent output passes `maxBufferBytes`, so no stream holds more than that.
 */
export class LiveStreams {
  private readonly streams = new Set<Stream>();
  private readonly gathered = new Map<string, Gathered>();
  private flushTimer?: NodeJS.Timeout;
  private readonly beat: NodeJS.Timeout;
  private readonly rechecks: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  /** streams ended because they did not read */
  dropped = 0;
  /** streams ended because their session ended */
  signedOut = 0;

  constructor(
    hub: LiveHub,
    private readonly opts: LiveStreamOptions = LIVE_DEFAULTS,
  ) {
    this.unsubscribe = hub.subscribe({ send: (e) => this.take(e) });
    // one timer for every stream, not one each
    this.beat = setInterval(() => this.toAll(': ping\n\n'), opts.heartbeatMs);
    this.beat.unref();
    this.rechecks = setInterval(() => this.recheck(), opts.recheckMs);
    this.rechecks.unref();
  }

  get size() {
    return this.streams.size;
  }

  /**
   * Starts the stream on `res`; the returned function ends it. With `recheck`, the reader's session and rights are
   * asked again every `recheckMs` (and at once on `userChanged`): the stream then follows the rights as they stand,
   * and ends when the session does.
   */
  open(res: ServerResponse, reader: Reader, recheck?: Recheck): () => void {
    const stream: Stream = { ...reader, res, recheck };
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    this.streams.add(stream);
    const end = () => {
      if (!this.streams.delete(stream)) return;
      res.end();
    };
    res.on('close', end);
    return end;
  }

  /**
   * A user's sessions or rights changed in this process (undefined: a role's rights, so anyone's): their streams are
   * asked again now rather than at the next round.
   */
  userChanged(userId: number | undefined) {
    this.recheck(userId, true);
  }

  /**
   * Asks the streams (those of `userId` only, when given; `changed`: after a change, rather than the regular round)
   * for their reader again, once per session: a stream whose session has ended is ended; the others take the rights
   * and group as they now stand. A check that fails for another reason (the database unreachable) leaves the
   * stream as it was until the next round.
   */
  private recheck(userId?: number, changed = false) {
    const bySession = new Map<string, Promise<Reader | undefined>>();
    for (const s of this.streams) {
      const r = s.recheck;
      if (!r || (userId !== undefined && r.userId !== userId)) continue;
      // an answer already on its way may predate the change: this stream is asked again once it is in
      if (s.checking) {
        s.again ||= changed;
        continue;
      }
      let asked = bySession.get(r.session);
      if (!asked) bySession.set(r.session, (asked = r.check()));
      s.checking = true;
      const done = () => {
        s.checking = false;
        if (s.again && this.streams.has(s)) {
          s.again = false;
          this.recheck(r.userId, true);
        }
      };
      asked.then((reader) => {
        if (!reader) return this.signOut(s);
        s.groupId = reader.groupId;
        s.sees = reader.sees;
        done();
      }, done);
    }
  }

  /** Ends a stream whose session ended, saying so first (a console's EventSource that asks again is refused). */
  private signOut(s: Stream) {
    if (!this.streams.delete(s)) return;
    this.signedOut += 1;
    s.res.end('event: ended\ndata: {"reason":"session"}\n\n');
  }

  close() {
    clearInterval(this.beat);
    clearInterval(this.rechecks);
    clearTimeout(this.flushTimer);
    this.unsubscribe();
    for (const s of this.streams) s.res.end();
    this.streams.clear();
  }

  private take(e: LiveEvent) {
    if (e.type === 'command') return this.send(e.type, e.groupId ?? null, 'control', e.data);
    if (e.type === 'entities') return this.written(e.data);
    if (!GATHERED.has(e.type) || !Array.isArray(e.data)) return;
    const groupId = e.groupId ?? null;
    for (const row of e.data as Record<string, unknown>[]) {
      const layer = e.type === 'map' ? String(row.layer) : undefined;
      const area = layer === undefined ? areaOfType[e.type] : areaOfLayer.get(layer);
      // a change of no known kind is shown to nobody
      if (!area) continue;
      const key = `${e.type}\u0000${groupId}\u0000${area}`;
      let g = this.gathered.get(key);
      if (!g) this.gathered.set(key, (g = { type: e.type, groupId, area, rows: new Map() }));
      const device = `${layer ?? ''}/${String(row._id ?? Math.random())}`;
      // the latest state of a device wins, sent where its first change stood
      g.rows.set(device, row);
    }
    this.flushTimer ??= setTimeout(() => this.flush(), this.opts.coalesceMs);
  }

  private flush() {
    this.flushTimer = undefined;
    const gathered = [...this.gathered.values()];
    this.gathered.clear();
    for (const g of gathered) this.send(g.type, g.groupId, g.area, [...g.rows.values()]);
  }

  /**
   * Which entities someone wrote, by name only (a screen that shows what they decide asks again): to every reader
   * whose rights show the entity's area, whatever their group, as a name says nothing of a group's records.
   */
  private written(names: unknown) {
    if (!Array.isArray(names)) return;
    for (const name of names) {
      const area = typeof name === 'string' ? ENTITY_AREAS.get(name) : undefined;
      if (area) this.send('entities', undefined, area, [name]);
    }
  }

  /** One frame, written once, to every stream of the group (undefined: of every group) whose rights show `area`. */
  private send(type: string, groupId: number | null | undefined, area: Area, data: unknown) {
    let frame: string | undefined;
    for (const s of this.streams) {
      if (groupId !== undefined && s.groupId !== undefined && s.groupId !== groupId) continue;
      if (!s.sees(area)) continue;
      frame ??= `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
      this.write(s, frame);
    }
  }

  private toAll(text: string) {
    for (const s of this.streams) this.write(s, text);
  }

  /** A stream holds at most `maxBufferBytes` unsent and the frame that passed it. */
  private write(s: Stream, text: string) {
    if (s.res.writableLength > this.opts.maxBufferBytes) {
      // not read: ended rather than holding ever more of it
      this.streams.delete(s);
      this.dropped += 1;
      s.res.destroy();
      return;
    }
    s.res.write(text);
  }
}
