import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requestBackup } from '../backup-control';
import { listBackups, readManifest } from '../backup-file';
import { REPO_ROOT as root, spawnServer, waitUntilUp } from '../../testing/server-process';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (issue #21), against the real
 * server on the embedded database: a backup made by the running server without stopping it, one
 * made while SIGTERM arrives, one with the server stopped, one on a full disk; a restore refused
 * while the server holds the directory, then done once it is stopped.
 */
const work = mkdtempSync(path.join(tmpdir(), 'milheiro-backup-cli-'));
const dataDir = path.join(work, 'data');
const backupsDir = path.join(dataDir, 'backups');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const baseEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  MIGRATION_DATABASE_URL: '',
  TZ: 'America/Sao_Paulo',
};

/** A full disk is a small filesystem mounted for the test: root only (CI runs as root). */
const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(path.join(tmpdir(), 'milheiro-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** The command behind `npm run backup` / `npm run restore -- FILE`. */
async function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/backups/cli.ts', ...args], {
    cwd: root,
    env: baseEnv,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { code: await exitOf(child), out: out.trim() };
}

async function startServer() {
  const server = await spawnServer({ ...baseEnv, LOG_LEVEL: 'warn' });
  await waitUntilUp(server);
  return { child: server.child, log: server.output };
}

/**
 * Each test starts several `npm run` processes and a server (tsx compiles each at start): ~25 s on
 * an idle 2-core machine, more while the rest of the suite runs beside it.
 */
const PROCESS_TEST_TIMEOUT_MS = 120_000;

// The embedded database's own commands: nothing to add in the PostgreSQL pass.
describe.skipIf(process.env.TEST_DATABASE_URL)('npm run backup / npm run restore', () => {
  it(
    'backs up through the running server, finishes a backup under SIGTERM, and refuses to restore under it',
    async () => {
      const server = await startServer();
      try {
        const made = await cli(['backup']);
        expect(made.out).toMatch(
          /^Backup gravado pelo servidor em execução: .*milheiro-backup-\d{8}T\d{6}Z\.tar\.gz \(\d/,
        );
        expect(made.code).toBe(0);
        const [first] = await listBackups(backupsDir);
        expect(await readManifest(path.join(backupsDir, first!.name))).toMatchObject({ format: 'milheiro-backup' });

        const refused = await cli(['restore', path.join(backupsDir, first!.name)]);
        expect(refused.code).toBe(1);
        expect(refused.out).toMatch(
          /está em uso por um servidor do Milheiro \(PID \d+\): pare-o antes de restaurar\. Nada foi alterado\.$/,
        );

        // SIGTERM while a backup is being written: the server writes it whole, answers, then stops.
        const during = requestBackup(dataDir);
        await new Promise((r) => setTimeout(r, 50));
        server.child.kill('SIGTERM');
        const answered = await during;
        expect(answered?.name, server.log()).toMatch(/^milheiro-backup-/);
        expect(await exitOf(server.child)).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
      }
      const written = await listBackups(backupsDir);
      expect(written).toHaveLength(2);
      for (const entry of written) expect(await readManifest(path.join(backupsDir, entry.name))).not.toBeNull();
      expect(readdirSync(backupsDir).filter((name) => name.startsWith('.'))).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'backs up with the server stopped, refuses on a full disk keeping the others, and restores',
    async () => {
      const offline = await cli(['backup']);
      expect(offline.out).toMatch(/^Backup gravado com o servidor parado: /);
      expect(offline.code).toBe(0);
      const before = await listBackups(backupsDir);
      expect(before).toHaveLength(3);

      if (canMount) {
        // Backups on a volume of their own that is full: a 1 MB filesystem already half used.
        const small = path.join(work, 'small');
        await fs.mkdir(small);
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', small]);
        try {
          await fs.rename(backupsDir, path.join(work, 'kept'));
          await fs.symlink(small, backupsDir);
          await fs.writeFile(path.join(small, 'ocupa-espaco.bin'), Buffer.alloc(512 * 1024));
          const full = await cli(['backup']);
          expect(full.out).toMatch(
            /^Sem espaço em disco para gravar o backup em .*\. Os backups anteriores e os dados não foram alterados\.$/,
          );
          expect(full.code).toBe(1);
          expect(readdirSync(small)).toEqual(['ocupa-espaco.bin']);
        } finally {
          await fs.rm(backupsDir, { force: true });
          await fs.rename(path.join(work, 'kept'), backupsDir);
          execFileSync('umount', [small]);
        }
        expect(await listBackups(backupsDir)).toEqual(before);
      }

      const oldest = before.at(-1)!;
      const restored = await cli(['restore', path.join(backupsDir, oldest.name)]);
      expect(restored.out).toMatch(
        /^Backup de \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} restaurado em .*: 0 agência\(s\), \d+ migrações\. Os dados que ele substituiu ficaram em .*dados-substituidos-/,
      );
      expect(restored.code).toBe(0);
      // The server starts on the restored directory.
      const server = await startServer();
      server.child.kill('SIGTERM');
      expect(await exitOf(server.child)).toBe(0);

      const foreign = path.join(work, 'foto.tar.gz');
      await fs.writeFile(foreign, readFileSync(path.join(root, 'package.json')));
      const refused = await cli(['restore', foreign]);
      expect(refused.out).toBe(
        'foto.tar.gz não é um backup válido do Milheiro (arquivo truncado, corrompido ou de outro programa). Nada foi alterado.',
      );
      expect(refused.code).toBe(1);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
