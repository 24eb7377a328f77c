import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply = (req: Received, res: ServerResponse) => void;

/**
 * A webhook receiver on 127.0.0.1 and a free port, as an integrator would run one: it keeps every
 * request (headers and raw body, for signature checks) and answers with `reply`, which a test may
 * swap at any time. 204 by default.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let reply: Reply = (_req, res) => {
    res.writeHead(204).end();
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      reply(got, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    /** The requests of one message (by `webhook-id`). */
    of: (messageId: string) => received.filter((r) => r.headers['webhook-id'] === messageId),
    answer(next: Reply) {
      reply = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
