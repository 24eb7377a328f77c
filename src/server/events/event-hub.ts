import type { Logger } from 'pino';
import type { StreamEvent } from '../../domain/events/event.schema';
import type { Database } from '../db/client';
import type { Listen } from '../db/listen';
import { withTenant } from '../db/tenant';
import { EVENTS_CHANNEL, eventsBySeq, OUTBOX_CHANNEL } from './events.queries';

export interface StreamSubscriber {
  agencyId: string;
  userId: string;
  push(events: readonly StreamEvent[]): void;
  /**
   * Ends the stream (the process is shutting down), telling the browser to reconnect after
   * `retryMs` (an SSE `retry:` line): to another process behind the balancer, or to this one restarted.
   */
  end(retryMs: number): void;
}

/**
 * A stream ended by a shutdown reconnects after 1–4 s (its Last-Event-ID replays what it missed),
 * spread so the tabs of a whole process do not all reconnect in the same instant
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#concept-event-stream-reconnection-time).
 */
export function shutdownRetryMs(): number {
  return 1000 + Math.floor(Math.random() * 3000);
}

export interface EventHubOptions {
  listen: Listen;
  /** Reads the notified events, as each agency's tenant (the worker's connection: decision 0012). */
  db: Database;
  logger: Logger;
}

/**
 * One per process (DESIGN.md §1 "real-time updates"): LISTENs for the seqs writes NOTIFY after
 * commit, reads those events (as the agency's tenant: the NOTIFY itself carries ids only) only
 * when this process has a stream open for that agency, and pushes them to its streams. Seqs
 * arriving together are read in one query per agency. Also relays the outbox nudges (webhooks,
 * e-mail) to whoever sends them in this process.
 */
export class EventHub {
  private readonly streams = new Map<string, Set<StreamSubscriber>>();
  private readonly waiting = new Map<string, number[]>();
  private readonly outboxHandlers = new Set<(what: string) => void>();
  private unlisten: (() => Promise<void>)[] = [];
  private flushing: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: EventHubOptions) {}

  async start(): Promise<void> {
    this.unlisten = [
      await this.options.listen(EVENTS_CHANNEL, (payload) => this.onEvent(payload)),
      await this.options.listen(OUTBOX_CHANNEL, (payload) => {
        for (const handler of this.outboxHandlers) handler(payload);
      }),
    ];
  }

  /**
   * Ends every open stream with a retry hint (their browsers reconnect, to another process) and
   * stops listening; a stream subscribing afterwards (its request was already past the door) ends at once.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const set of this.streams.values()) for (const stream of set) stream.end(shutdownRetryMs());
    const unlisten = this.unlisten;
    this.unlisten = [];
    await Promise.allSettled(unlisten.map((u) => u()));
    await this.flushing;
  }

  /** Opens a stream's subscription; returns its end. */
  subscribe(subscriber: StreamSubscriber): () => void {
    let set = this.streams.get(subscriber.agencyId);
    if (!set) this.streams.set(subscriber.agencyId, (set = new Set()));
    set.add(subscriber);
    if (this.stopped) subscriber.end(shutdownRetryMs());
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.streams.delete(subscriber.agencyId);
    };
  }

  /** Called with `webhooks` or `email` when a committed transaction left work in that outbox. */
  onOutbox(handler: (what: string) => void): () => void {
    this.outboxHandlers.add(handler);
    return () => this.outboxHandlers.delete(handler);
  }

  get openStreams(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  private onEvent(payload: string) {
    const [agencyId, seqText] = payload.split(':');
    const seq = Number(seqText);
    if (!agencyId || !Number.isSafeInteger(seq) || !this.streams.has(agencyId)) return;
    const list = this.waiting.get(agencyId);
    if (list) list.push(seq);
    else this.waiting.set(agencyId, [seq]);
    this.flushing ??= Promise.resolve().then(() => this.flush());
  }

  /** Reads what is waiting, one query per agency, then pushes each event to the streams that may see it. */
  private async flush(): Promise<void> {
    try {
      while (this.waiting.size > 0) {
        const batch = [...this.waiting];
        this.waiting.clear();
        await Promise.all(
          batch.map(async ([agencyId, seqs]) => {
            try {
              const events = await withTenant(this.options.db, agencyId, (tx) => eventsBySeq(tx, { agencyId, seqs }));
              for (const stream of this.streams.get(agencyId) ?? []) {
                const visible = events.filter((e) => e.user_id === null || e.user_id === stream.userId);
                if (visible.length > 0) stream.push(visible.map(({ user_id: _user, ...event }) => event));
              }
            } catch (err) {
              this.options.logger.warn({ err, agencyId }, 'real-time events not read');
            }
          }),
        );
      }
    } finally {
      this.flushing = null;
    }
  }
}
