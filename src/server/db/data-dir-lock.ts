import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process per embedded data directory (docs/decisions/0009-data-dir-lock.md). PGlite 0.5 takes
 * no lock of its own (its postmaster.pid holds a fixed fake PID), and two processes writing one
 * directory lose each other's commits. Modelled on PostgreSQL's postmaster.pid: a file holding
 * the owner's PID, refused while that process lives, taken over once it is gone (kill -9, crash).
 */
export const LOCK_FILE_NAME = 'milheiro.lock';

export interface LockOwner {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused PID is not mistaken for the owner. */
  startTicks: string | null;
  /** The directory locked, resolved: a copied or restored directory carries a lock that is not its own. */
  dir: string;
  token: string;
  since: string;
  host: string;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly holder: LockOwner | null,
  ) {
    const who = holder ? ` (PID ${holder.pid} em ${holder.host}, desde ${holder.since})` : '';
    super(
      `Outro processo do Milheiro já está usando o diretório de dados ${dataDir}${who}. ` +
        'Pare esse processo antes de iniciar outro; para vários processos sobre os mesmos dados, use um PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Directories this process holds: a second open inside the same process is refused too. */
const heldHere = new Set<string>();

/** Field 22 of /proc/<pid>/stat; null where there is no /proc (macOS, Windows) or the process is gone. */
export function processStartTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(raw: string): LockOwner | null {
  try {
    const owner = JSON.parse(raw) as Partial<LockOwner>;
    if (!Number.isInteger(owner.pid) || typeof owner.dir !== 'string' || typeof owner.token !== 'string') return null;
    return owner as LockOwner;
  } catch {
    return null;
  }
}

/**
 * Whether the lock's owner still runs on this directory. Only processes sharing this machine's
 * process table can be checked; separate containers on one volume are not detected.
 */
function ownerAlive(owner: LockOwner, dir: string): boolean {
  if (owner.dir !== dir) return false;
  // Our own PID in the file is a previous run's (PID 1 in a restarted container): this process holds nothing yet.
  if (owner.pid === process.pid) return false;
  if (!processAlive(owner.pid)) return false;
  const ticks = processStartTicks(owner.pid);
  return !(owner.startTicks && ticks && owner.startTicks !== ticks);
}

/**
 * Moves a dead owner's file aside. The rename is atomic, so of two processes taking over at once
 * only one moves it; if what was moved is no longer the stale file read before (another process
 * took the lock meanwhile), it is put back.
 */
function removeStale(file: string, staleContent: string, token: string) {
  const aside = `${file}.${token}.stale`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleContent) {
      try {
        linkSync(aside, file);
      } catch {
        /* someone holds it again: the next attempt reads who */
      }
    }
  } finally {
    unlinkSync(aside);
  }
}

/** Takes the directory's lock or throws DataDirLockedError naming the process that holds it. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = realpathSync(dataDir);
  if (heldHere.has(dir)) throw new DataDirLockedError(dataDir, readOwner(path.join(dir, LOCK_FILE_NAME)));
  const file = path.join(dir, LOCK_FILE_NAME);
  const me: LockOwner = {
    pid: process.pid,
    startTicks: processStartTicks(process.pid),
    dir,
    token: randomUUID(),
    since: new Date().toISOString(),
    host: hostname(),
  };
  const content = `${JSON.stringify(me)}\n`;
  // Written whole under a private name, then linked into place: link() fails if the lock exists,
  // and a reader never sees a half-written file.
  const tmp = `${file}.${me.token}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(tmp, file);
        return hold(dir, file, content);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      let current: string;
      try {
        current = readFileSync(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      const owner = parseOwner(current);
      if (owner && ownerAlive(owner, dir)) throw new DataDirLockedError(dataDir, owner);
      removeStale(file, current, me.token);
    }
    throw new DataDirLockedError(dataDir, readOwner(file));
  } finally {
    unlinkSync(tmp);
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    return parseOwner(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function hold(dir: string, file: string, content: string): DataDirLock {
  heldHere.add(dir);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(dir);
    process.off('exit', release);
    try {
      // Never remove a lock that is no longer ours.
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  // process.exit() elsewhere (a forced shutdown) still frees the directory.
  process.on('exit', release);
  return { file, release };
}
