import type { Client } from 'pg';

/** LISTEN on a channel: calls back with each payload committed; resolves to the UNLISTEN. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * LISTEN on PostgreSQL through one dedicated connection (a pooled one would be handed to other
 * queries). If the connection drops it reconnects with backoff and LISTENs again; notifications
 * sent while it was down are lost, which is why every reader also replays (SSE from Last-Event-ID,
 * the senders from their outbox rows on their cron).
 */
export function pgListen(url: string): { listen: Listen; close(): Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: Client | null = null;
  let connecting: Promise<Client> | null = null;
  let closed = false;
  let retryMs = 500;

  const connect = async (): Promise<Client> => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    c.on('error', () => {
      if (client === c) client = null;
      void c.end().catch(() => undefined);
      if (!closed && handlers.size > 0) setTimeout(() => void ensure().catch(() => undefined), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 30_000);
    });
    await c.connect();
    for (const channel of handlers.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
    retryMs = 500;
    client = c;
    return c;
  };
  const ensure = async (): Promise<Client> => {
    if (client) return client;
    connecting ??= connect().finally(() => (connecting = null));
    return connecting;
  };

  return {
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      const c = await ensure();
      if (first) await c.query(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (set.size > 0) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
