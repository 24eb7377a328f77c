import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackupEntry } from './backup-file';

/**
 * How `npm run backup` reaches the server that holds the data directory (DESIGN §4 "#21 backups"):
 * a Unix socket beside the data, readable by its owner only, on which the server answers one
 * request — back up now — and replies with the file written or the reason it could not.
 */
const MAX_SOCKET_PATH = 100;

export function controlSocketPath(dataDir: string): string {
  const inDir = path.join(path.resolve(dataDir), 'milheiro.sock');
  if (inDir.length <= MAX_SOCKET_PATH) return inDir;
  // Socket paths are limited to ~104 bytes: a long data directory gets one named after it.
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `milheiro-${hash}.sock`);
}

export interface ControlServer {
  close(): Promise<void>;
}

/** Serves the control socket while the server holds the directory's lock (so a stale socket is its own). */
export async function serveBackupControl(
  dataDir: string,
  backupNow: () => Promise<BackupEntry>,
): Promise<ControlServer> {
  const socketPath = controlSocketPath(dataDir);
  rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/backup') return reply(404, { message: 'Pedido desconhecido.' });
    backupNow().then(
      (entry) => reply(200, entry),
      (err: Error) => reply(500, { message: err.message }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        rmSync(socketPath, { force: true });
      }),
  };
}

/** Asks the running server for a backup; null when no server answers on the directory's socket. */
export function requestBackup(dataDir: string): Promise<BackupEntry | null> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: controlSocketPath(dataDir), method: 'POST', path: '/backup' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        try {
          const parsed = JSON.parse(body) as BackupEntry & { message?: string };
          if (res.statusCode === 200) resolve(parsed);
          else reject(new Error(parsed.message ?? `O servidor respondeu ${res.statusCode}.`));
        } catch (err) {
          reject(err as Error);
        }
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
    req.end();
  });
}
