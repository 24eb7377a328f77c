import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real entry point, as `npm run serve` starts it, on the embedded database. */
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'milheiro-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function start(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const port = await freePort();
  let stderr = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', WEB_DIR: './no-web-here', STOP_WITH_PID: String(process.pid), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  return { child, url, stderr: () => stderr };
}

async function waitUp(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('server process', () => {
  it('stops with a clear message on a bad environment', async () => {
    const { child, stderr } = await start({ PORT: 'abc' });
    expect(await exitOf(child)).toBe(1);
    expect(stderr()).toContain('Configuração inválida no ambiente');
    expect(stderr()).toContain('PORT deve ser um número');
  });

  it('shuts down cleanly on SIGTERM and SIGINT, losing nothing', async () => {
    const first = await start({});
    await waitUp(first.url, first.child);
    const signUp = await fetch(`${first.url}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        agency: { legal_name: 'Agência Persistente Ltda', trade_name: 'Persistente', cnpj: '11222333000181' },
        user: { name: 'Ana Lima', email: 'ana@persistente.com', password: 'Segura123' },
      }),
    });
    expect(signUp.status).toBe(201);
    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(first.stderr()).toContain('database closed');

    const second = await start({});
    await waitUp(second.url, second.child);
    const setup = await (await fetch(`${second.url}/api/v1/auth/setup`)).json();
    expect(setup.needs_setup).toBe(false);
    const signIn = await fetch(`${second.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'ana@persistente.com', password: 'Segura123' }),
    });
    expect(signIn.status).toBe(200);
    const exited2 = exitOf(second.child);
    second.child.kill('SIGINT');
    expect(await exited2).toBe(0);
  });

  it('refuses a second server on the same data directory, and lets the next one start once the first stopped or was killed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'milheiro-lock-'));
    try {
      const first = await start({ DATA_DIR: dir });
      await waitUp(first.url, first.child);
      const second = await start({ DATA_DIR: dir });
      expect(await exitOf(second.child)).toBe(1);
      expect(second.stderr()).toContain(`Outro processo do Milheiro já está usando o diretório de dados ${dir} (PID ${first.child.pid}`);
      expect((await fetch(`${first.url}/api/health`)).ok).toBe(true);

      const firstExited = exitOf(first.child);
      first.child.kill('SIGTERM');
      expect(await firstExited).toBe(0);
      const third = await start({ DATA_DIR: dir });
      await waitUp(third.url, third.child);

      // A crash leaves the lock file behind: its process is gone, so the next start takes it over.
      const thirdExited = exitOf(third.child);
      third.child.kill('SIGKILL');
      await thirdExited;
      const fourth = await start({ DATA_DIR: dir });
      await waitUp(fourth.url, fourth.child);
      const fourthExited = exitOf(fourth.child);
      fourth.child.kill('SIGTERM');
      expect(await fourthExited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
