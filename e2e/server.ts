import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDb } from '../src/server/db/client';
import { createDatabase, dropDatabase, urlOfDatabase } from '../src/server/testing/db-template';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`o servidor de teste saiu com código ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('o servidor de teste não respondeu a tempo');
}

export interface TestServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * The real server, as `npm run serve` runs it (built web app from global setup), on a free port
 * of 127.0.0.1 with a fresh database: a new PGlite directory, or a new database on the server of
 * TEST_DATABASE_URL, either one a copy of the run's migrated template (e2e/global-setup.ts). It
 * stops with the test process even if that dies without cleaning up. `extraEnv`: e.g. the SMTP
 * server and webhook receiver a spec starts.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'milheiro-e2e-'));
  const template = inject('dbTemplate');
  let databaseUrl = '';
  let dropDatabaseOnStop: (() => Promise<void>) | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `milheiro_e2e_${randomBytes(4).toString('hex')}`;
    await createDatabase(serverUrl, name, template);
    databaseUrl = urlOfDatabase(serverUrl, name);
    dropDatabaseOnStop = () => dropDatabase(serverUrl, name);
  } else if (template?.kind === 'pglite') {
    // The server's own migrate() then finds every migration applied.
    const seeded = await createDb({ kind: 'pglite', dataDir, loadDataDir: await openAsBlob(template.dumpFile) });
    await seeded.close();
  }

  const server = await spawnServer('src/server/main.ts', {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...extraEnv,
  });
  return {
    baseURL: server.baseURL,
    stop: async () => {
      await server.stop();
      await dropDatabaseOnStop?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `npm run demo` as a visitor meets it (src/server/demo.ts): its own throwaway PGlite directory,
 * filled by the demo generator, with the demo user; removed when it stops.
 */
export async function startDemoServer(): Promise<TestServer> {
  return spawnServer('src/server/demo.ts', {});
}

/** Starts `entry` on a free port of 127.0.0.1, serving the built web app, and waits for its health. */
async function spawnServer(entry: string, env: Record<string, string>): Promise<TestServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIR: path.join(root, 'dist/web'),
      LOG_LEVEL: 'warn',
      STOP_WITH_PID: String(process.pid),
      ...env,
    },
  });
  await waitForHealth(baseURL, child);
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
    },
  };
}
