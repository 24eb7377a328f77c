import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The repository's root: where `npm run serve` runs the entry point from. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** A port nobody listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Its exit code, once it exits. */
  exited: Promise<number | null>;
  /** What it wrote on stdout and stderr so far. */
  output: () => string;
}

/**
 * The real entry point (`npm run serve`'s `src/server/main.ts`, or another) in a process of its
 * own on a free port of 127.0.0.1, logging at info, without the web app, stopping when the test
 * process is gone (STOP_WITH_PID) and killed after `killAfterMs` so a test fails rather than hangs.
 * `env` comes on top of the test's environment and these defaults.
 */
export async function spawnServer(
  env: Record<string, string>,
  { entry = 'src/server/main.ts', killAfterMs = 120_000 }: { entry?: string; killAfterMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIR: './no-web-here',
      STOP_WITH_PID: String(process.pid),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  timer.unref();
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    }),
  );
  return { child, port, url: `http://127.0.0.1:${port}`, exited, output: () => output };
}

/** Up to 90 s for /api/health to answer (a first start migrates a fresh embedded database). */
export async function waitUntilUp(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${server.output()}`);
}
