import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The port on 127.0.0.1 it listens on, kept across stop() and resume(). */
  port: number;
  /** As if the server behind it went away: refuses new connections and drops the open ones. */
  stop(): Promise<void>;
  /** As if the server behind it hung: drops the open connections and accepts new ones that never get an answer. */
  stall(): void;
  /** Relays again, on the same port. */
  resume(): Promise<void>;
}

/**
 * A TCP relay on 127.0.0.1 in front of `target`: the tests stop, hang and restart "the database"
 * (a real PostgreSQL server) through it, without touching the server itself.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let stalled = false;

  const track = (socket: Socket, onGone: () => void) => {
    sockets.add(socket);
    socket.on('error', onGone);
    socket.on('close', () => {
      sockets.delete(socket);
      onGone();
    });
  };
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  const relay = (client: Socket) => {
    if (stalled) {
      track(client, () => client.destroy());
      return;
    }
    const upstream = connect(target.port, target.host);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    track(client, drop);
    track(upstream, drop);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = createServer(relay);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve((next.address() as AddressInfo).port);
      });
    });

  const port = await listen(0);
  return {
    port,
    stop: async () => {
      const current = server;
      server = null;
      if (!current) return;
      const closed = new Promise<void>((resolve) => current.close(() => resolve()));
      dropAll();
      await closed;
    },
    stall: () => {
      stalled = true;
      dropAll();
    },
    resume: async () => {
      if (stalled) {
        stalled = false;
        dropAll();
      }
      if (!server) await listen(port);
    },
  };
}
