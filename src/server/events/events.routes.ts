import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { StreamEvent } from '../../domain/events/event.schema';
import { AppError } from '../http/errors';
import type { AppEnv } from '../http/context';
import { apiDoc, json } from '../http/openapi';
import { eventsAfter, latestSeq } from './events.queries';

/** A comment line every so often keeps proxies and the browser from dropping an idle stream. */
export const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser reconnects (EventSource does, sending
 * Last-Event-ID): the session is checked again, so a signed-out session stops receiving.
 */
export const STREAM_LIFETIME_MS = 15 * 60_000;
/** Past this many missed events a reconnecting tab is told to refetch everything instead. */
const REPLAY_LIMIT = 500;

const docs = {
  stream: apiDoc({
    tag: 'events',
    operationId: 'streamEvents',
    summary: 'Server-Sent Events: everything that happens in the agency, as it commits',
    description:
      'One stream per tab (`text/event-stream`). Each message’s `id` is the event’s sequence number and its data `{seq, type, entity_id, data, created_at}`; reconnecting with `Last-Event-ID` replays what was missed (kept for 7 days; past 500 missed events a `reset` message says to refetch everything). A comment line every 25 s; the stream ends after 15 minutes and the browser reconnects.',
    response: json('The stream (text/event-stream)'),
    errors: [400, 503],
  }),
};

function lastEventId(header: string | undefined): number | null {
  if (header === undefined || header === '') return null;
  if (!/^\d{1,15}$/.test(header)) {
    throw new AppError('VALIDATION_ERROR', 'Last-Event-ID inválido', {
      fields: { 'last-event-id': 'Use o número do último evento recebido' },
    });
  }
  return Number(header);
}

export const eventsRoutes = new Hono<AppEnv>().get('/', docs.stream, async (c) => {
  const hub = c.var.deps.eventHub;
  if (!hub) {
    throw new AppError('UNAVAILABLE', 'Atualizações em tempo real indisponíveis no momento', { status: 503 });
  }
  const after = lastEventId(c.req.header('last-event-id') ?? c.req.query('after'));
  const { agencyId, userId } = c.var.session;

  // Subscribed before the replay is read, so nothing committed in between is missed (the seq check drops repeats).
  let pending: StreamEvent[] = [];
  let deliver: ((events: readonly StreamEvent[]) => void) | null = null;
  let end = () => undefined as void;
  // Set when the process stops: the stream's last line tells the browser when to reconnect.
  let shutdownRetry: number | null = null;
  const unsubscribe = hub.subscribe({
    agencyId,
    userId,
    push: (events) => (deliver ? deliver(events) : pending.push(...events)),
    end: (retryMs) => {
      shutdownRetry = retryMs;
      end();
    },
  });
  let replay: StreamEvent[] = [];
  let from: number;
  try {
    if (after === null) from = await latestSeq(c.var.db, agencyId);
    else {
      replay = await eventsAfter(c.var.db, { agencyId, userId, afterSeq: after, limit: REPLAY_LIMIT + 1 });
      from = after;
    }
  } catch (err) {
    unsubscribe();
    throw err;
  }
  c.header('X-Accel-Buffering', 'no');

  return streamSSE(c, async (stream) => {
    let sent = from;
    let chain = Promise.resolve();
    const write = (events: readonly StreamEvent[]) => {
      chain = chain.then(async () => {
        for (const event of events) {
          if (event.seq <= sent || stream.aborted || stream.closed) continue;
          await stream.writeSSE({ id: String(event.seq), data: JSON.stringify(event) });
          sent = event.seq;
        }
      });
      return chain;
    };
    const ended = new Promise<void>((resolve) => {
      end = resolve;
      if (shutdownRetry !== null) resolve();
      stream.onAbort(resolve);
      setTimeout(resolve, STREAM_LIFETIME_MS).unref();
    });
    const heartbeat = setInterval(() => {
      chain = chain.then(() => stream.write(': ping\n\n')).then(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      await stream.write('retry: 3000\n\n');
      if (replay.length > REPLAY_LIMIT) {
        // Whatever else was missed is covered by the refetch the reset asks for.
        const newest = replay[replay.length - 1]!.seq;
        await stream.writeSSE({ id: String(newest), data: JSON.stringify({ type: 'reset' }) });
        sent = newest;
      } else await write(replay);
      deliver = (events) => void write(events).catch(() => undefined);
      const buffered = pending;
      pending = [];
      await write(buffered);
      await ended;
      if (shutdownRetry !== null && !stream.aborted && !stream.closed) {
        await chain.catch(() => undefined);
        await stream.write(`retry: ${shutdownRetry}\n\n`);
      }
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
    }
  });
});
