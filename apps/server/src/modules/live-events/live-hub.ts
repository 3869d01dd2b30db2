import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client';
import type { Unlisten } from '../../db/listen';
import {
  type Branches,
  eventsAfter,
  eventsByIds,
  LIVE_CHANNEL,
  type LiveEvent,
  pruneLiveEvents,
} from './live-events.queries';

/** The most events read at once after the listening connection came back. */
const CATCH_UP_LIMIT = 500;
const PRUNE_EVERY_MS = 60_000;

export interface Subscriber {
  branches: Branches;
  deliver(event: LiveEvent): void;
  /** The process is shutting down: the stream ends and the browser reconnects elsewhere. */
  end(): void;
}

const hears = (branches: Branches, branchId: string) =>
  branches === 'all' || branches.includes(branchId);

/**
 * One process's end of the live events: a single LISTEN whatever the number of open streams,
 * each NOTIFY's id read once and handed to the streams of its branch. Ids that arrive while a
 * read is running wait for the next one, so a burst costs a few queries, not one per event.
 */
export class LiveHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly waiting = new Set<number>();
  private reading: Promise<void> | null = null;
  private highestId = 0;
  private prunedAt = 0;
  private unlisten: Unlisten | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(database: DatabaseHandle): Promise<void> {
    this.unlisten = await database.listen(LIVE_CHANNEL, {
      onMessage: (payload) => this.notified(payload),
      onReconnect: () => this.catchUp(),
      onError: (error) => this.log.warn({ err: error }, 'live events: listening connection lost'),
    });
  }

  /** Ends every stream (before the server closes, which waits for open answers) and stops. */
  async stop(): Promise<void> {
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
    await this.unlisten?.();
    await this.reading;
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  private notified(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    this.waiting.add(id);
    this.readWaiting();
  }

  private readWaiting(): void {
    if (this.reading) return;
    this.reading = (async () => {
      while (this.waiting.size > 0) {
        const ids = [...this.waiting];
        this.waiting.clear();
        await this.prune();
        // With nobody listening here there is nothing to read.
        if (this.subscribers.size === 0) continue;
        this.dispatch(await eventsByIds(this.db, ids));
      }
    })()
      .catch((error) => this.log.warn({ err: error }, 'live events: reading an event failed'))
      .finally(() => {
        this.reading = null;
      });
  }

  /** After a reconnect: what was committed since the last event this process saw. */
  private catchUp(): void {
    if (this.highestId === 0 || this.subscribers.size === 0) return;
    eventsAfter(this.db, 'all', this.highestId, CATCH_UP_LIMIT)
      .then((events) => this.dispatch(events))
      .catch((error) => this.log.warn({ err: error }, 'live events: catching up failed'));
  }

  private dispatch(events: readonly LiveEvent[]): void {
    for (const event of events) {
      this.highestId = Math.max(this.highestId, event.id);
      for (const subscriber of this.subscribers) {
        if (hears(subscriber.branches, event.branchId)) subscriber.deliver(event);
      }
    }
  }

  /** At most once a minute per process: old rows go, while events are being raised. */
  private async prune(): Promise<void> {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    await pruneLiveEvents(this.db);
  }
}
