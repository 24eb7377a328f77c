import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE_NAME,
  processStartTicks,
  type LockOwner,
} from '../data-dir-lock';

const root = mkdtempSync(path.join(tmpdir(), 'milheiro-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
function freshDir() {
  const dir = path.join(root, `d${n++}`);
  mkdirSync(dir);
  return dir;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Another live process on this machine. */
async function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((r) => child.once('spawn', r));
  return child.pid!;
}

/** A PID whose process has exited. */
async function deadPid() {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

function writeLock(dir: string, owner: Partial<LockOwner>) {
  const full: LockOwner = {
    pid: 0,
    startTicks: null,
    dir,
    token: 'x',
    since: '2026-01-01T00:00:00.000Z',
    host: 'outra-maquina',
    ...owner,
  };
  writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify(full));
}

function lockOwner(dir: string): LockOwner {
  return JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'));
}

describe('data directory lock', () => {
  it('writes the owner in the directory and removes it on release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    expect(lockOwner(dir)).toMatchObject({ pid: process.pid, dir });
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a second open in the same process until the first is released', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('refuses while another live process holds the directory, naming the directory and the process', async () => {
    const dir = freshDir();
    const pid = await liveProcess();
    writeLock(dir, { pid, startTicks: processStartTicks(pid) });
    let error: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`Outro processo do Milheiro já está usando o diretório de dados ${dir}`);
    expect((error as Error).message).toContain(`PID ${pid}`);
    expect(lockOwner(dir).pid).toBe(pid);
  });

  it('takes over the lock of a process that is gone (kill -9, crash)', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: await deadPid() });
    const lock = acquireDataDirLock(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it.skipIf(!existsSync('/proc/self/stat'))(
    'takes over when the PID now belongs to another program (start time differs)',
    async () => {
      const dir = freshDir();
      const pid = await liveProcess();
      writeLock(dir, { pid, startTicks: '1' });
      expect(() => acquireDataDirLock(dir).release()).not.toThrow();
    },
  );

  it('takes over a lock copied with the directory from elsewhere (a restored backup)', async () => {
    const dir = freshDir();
    const pid = await liveProcess();
    writeLock(dir, { pid, startTicks: processStartTicks(pid), dir: '/srv/milheiro/data' });
    expect(() => acquireDataDirLock(dir).release()).not.toThrow();
  });

  it('takes over an unreadable lock file, and one naming this very process from an earlier run', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, LOCK_FILE_NAME), '');
    expect(() => acquireDataDirLock(dir).release()).not.toThrow();
    writeLock(dir, { pid: process.pid });
    expect(() => acquireDataDirLock(dir).release()).not.toThrow();
  });

  it('never removes a lock that another process took after this one lost it', async () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    const pid = await liveProcess();
    writeLock(dir, { pid, startTicks: processStartTicks(pid) });
    lock.release();
    expect(lockOwner(dir).pid).toBe(pid);
  });
});
