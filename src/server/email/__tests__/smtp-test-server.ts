import { createServer, type AddressInfo, type Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A refusal the test server answers with at one step of the conversation. */
export interface Refusal {
  at: 'rcpt' | 'data';
  code: number;
  message: string;
}

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), as the server saw them. */
  to: string[];
  mail: ParsedMail;
}

export interface SmtpTestServer {
  url: string;
  received: ReceivedMail[];
  /** Set to make the next conversations fail; null accepts. */
  refuse: Refusal | null;
  close(): Promise<void>;
}

const refusal = (r: Refusal) => Object.assign(new Error(r.message), { responseCode: r.code });

/**
 * A real SMTP server in the test process on 127.0.0.1 and a free port (DESIGN §1 "e-mail"): no TLS,
 * no authentication; every message it accepts is parsed (mailparser) into `received`.
 */
export async function startSmtpServer(): Promise<SmtpTestServer> {
  const state: SmtpTestServer = { url: '', received: [], refuse: null, close: async () => {} };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse?.at === 'rcpt') return callback(refusal(state.refuse));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (state.refuse?.at === 'data') return callback(refusal(state.refuse));
          state.received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A server that accepts connections and never says a word: the greeting a client waits for never comes. */
export async function startSilentServer(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
