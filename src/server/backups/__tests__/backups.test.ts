import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../app';
import { TEST_PASSWORD_COST } from '../../auth/password';
import { createDb, type DbHandle } from '../../db/client';
import { JobQueue } from '../../jobs/job-queue';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createTeamMember } from '../../testing/factories/team.factory';
import { financeKeptMismatches, keptFigureMismatches, lotTotalsMismatches } from '../../testing/invariants';
import { call, signIn } from '../../testing/test-app';
import { BackupError, listBackups, rotateBackups, unpackBackup, writeBackup } from '../backup-file';
import { BACKUP_JOB, backupJob, EmbeddedBackups } from '../backups.service';
import { restoreBackup } from '../restore';

/**
 * Backups of the embedded database (issue #21): written while the app serves, restored into the
 * directory, and exactly what was backed up comes back (counts, and every kept total equal to a
 * recount); rotation, the daily job, the admin's list and download, and the refusals — a truncated,
 * foreign or newer file, a directory in use — leaving the data as it was.
 */
const logger = pino({ level: 'silent' });
const CLOCK = { 'x-test-today': '2026-03-15' };
const root = mkdtempSync(path.join(tmpdir(), 'milheiro-backups-'));
const dataDir = path.join(root, 'data');
afterAll(() => rmSync(root, { recursive: true, force: true }));

let handle: DbHandle | null = null;
let app: App;
let backups: EmbeddedBackups;
let agencyId: string;
let cookie: string;
let accountId: string;
let clientId: string;

async function open() {
  handle = await createDb({ kind: 'pglite', dataDir });
  await handle.migrate();
  backups = new EmbeddedBackups({ source: handle.embedded!, keep: 7, hour: 3, logger });
  app = createApp({ db: handle.db, logger, testClock: true, passwordCost: TEST_PASSWORD_COST, backups });
}

async function close() {
  await handle?.close();
  handle = null;
}

/** A lot and an emission from it through the API: stock, allocations, postings and kept totals move. */
async function business(n: number) {
  const lot = await call(app, 'POST', '/api/v1/lots', {
    cookie,
    headers: CLOCK,
    body: {
      account_id: accountId,
      program: 'LATAM',
      original_quantity: '20000',
      cost_per_mile: '0,02',
      purchase_date: '2026-03-01',
      expiry_date: '2027-03-01',
      supplier: `Fornecedor ${n}`,
    },
  });
  expect(lot.status, JSON.stringify(lot.body)).toBe(201);
  const emission = await call(app, 'POST', '/api/v1/emissions', {
    cookie,
    headers: CLOCK,
    body: {
      client_id: clientId,
      account_id: accountId,
      route: 'NAT-GRU',
      miles_used: 5_000 + n,
      fees_cents: 0,
      revenue_cents: 30_000 + n,
      rav_cents: 0,
      passengers: [{ name: `Passageira ${n}`, cpf: validCpf(7_000 + n) }],
    },
  });
  expect(emission.status, JSON.stringify(emission.body)).toBe(201);
}

/** What the restore must bring back exactly: the rows of each table and the sums of the money and the stock. */
async function figures(db: DbHandle['db']) {
  const rows = await db.execute(sql`
    SELECT (SELECT count(*) FROM clients)::int AS clients,
      (SELECT count(*) FROM mile_lots)::int AS lots,
      (SELECT count(*) FROM emissions)::int AS emissions,
      (SELECT count(*) FROM emission_allocations)::int AS allocations,
      (SELECT count(*) FROM financial_entries)::int AS postings,
      (SELECT coalesce(sum(remaining_quantity), 0) FROM mile_lots)::text AS miles_in_stock,
      (SELECT coalesce(sum(revenue_cents), 0) FROM emissions)::text AS revenue_cents,
      (SELECT coalesce(sum(amount_cents), 0) FROM financial_entries)::text AS postings_cents`);
  return (rows as unknown as { rows?: unknown[] }).rows?.[0] ?? (rows as unknown as unknown[])[0];
}

async function recountsAgree(db: DbHandle['db']) {
  expect(await keptFigureMismatches(db, agencyId)).toEqual([]);
  expect(await lotTotalsMismatches(db, agencyId)).toEqual([]);
  expect(await financeKeptMismatches(db, agencyId)).toEqual([]);
}

// The embedded database's own feature: the PostgreSQL pass has nothing more to check here.
describe.skipIf(process.env.TEST_DATABASE_URL)('embedded database backups', () => {
  beforeAll(async () => {
    await open();
    const made = await createAgencyWithUser(handle!.db);
    agencyId = made.agency.id;
    cookie = await signIn(app, made);
    const client = await createClientRow(handle!.db, agencyId, { name: 'Cliente do Backup' });
    clientId = client.id;
    const account = await createLoyaltyAccountRow(handle!.db, agencyId, {
      client_id: client.id,
      program: 'LATAM',
      account_number: 'BKP-1',
    });
    accountId = account.id;
  });

  afterAll(async () => {
    await close();
  });

  describe('backup and restore', () => {
    let first: string;
    let atBackup: unknown;

    it('writes a backup while the app serves, then restores exactly what it held', async () => {
      await business(1);
      await business(2);
      atBackup = await figures(handle!.db);
      // Writes running while the backup is taken wait for it or go before it: none is half in.
      const [entry] = await Promise.all([backups.backupNow(), business(3)]);
      first = entry.name;
      const during = await figures(handle!.db);
      expect(entry.bytes).toBeGreaterThan(100_000);
      expect(await backups.list()).toEqual([expect.objectContaining({ name: entry.name, bytes: entry.bytes })]);

      await business(4);
      expect(await figures(handle!.db)).not.toEqual(during);
      await close();

      const result = await restoreBackup(path.join(dataDir, 'backups', first), dataDir);
      expect(result.agencies).toBe(1);
      expect(result.replacedDir).toMatch(/dados-substituidos-/);
      // The data it replaced is kept whole beside the backups.
      expect(readdirSync(result.replacedDir!)).toContain('PG_VERSION');

      await open();
      const restored = await figures(handle!.db);
      // Either the write of business(3) had committed before the copy or not at all.
      expect([atBackup, during]).toContainEqual(restored);
      await recountsAgree(handle!.db);
      // The backups folder came through the restore untouched.
      expect((await backups.list()).map((b) => b.name)).toContain(first);
    });

    it('refuses a truncated, a foreign and a newer backup, and a directory in use, changing nothing', async () => {
      const before = await figures(handle!.db);
      const good = path.join(dataDir, 'backups', first);
      const bytes = readFileSync(good);
      const truncated = path.join(root, 'truncado.tar.gz');
      writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const foreign = path.join(root, 'planilha.tar.gz');
      writeFileSync(foreign, 'nome;cpf\nJosé;123\n');

      // A backup of a schema this build does not know: the manifest says one migration more.
      const unpacked = path.join(root, 'newer');
      const manifest = await unpackBackup(good, unpacked);
      await fs.writeFile(
        path.join(unpacked, 'milheiro-backup.json'),
        JSON.stringify({ ...manifest, schema: { ...manifest.schema, migrations: manifest.schema.migrations + 1 } }),
      );
      const newer = path.join(root, 'mais-novo.tar.gz');
      await tar.create({ gzip: true, file: newer, cwd: unpacked }, ['milheiro-backup.json', 'pgdata']);

      // A tarball of files that is not ours.
      const other = path.join(root, 'outro');
      await fs.mkdir(other);
      await fs.writeFile(path.join(other, 'leia-me.txt'), 'não é um backup');
      const otherTar = path.join(root, 'outro.tar.gz');
      await tar.create({ gzip: true, file: otherTar, cwd: other }, ['leia-me.txt']);

      // The app holds the directory: refused before anything is read.
      await expect(restoreBackup(good, dataDir)).rejects.toThrow(/está em uso por um servidor do Milheiro/);
      await close();
      const listing = readdirSync(dataDir).sort();
      for (const [file, problem, message] of [
        [truncated, 'invalid', /não é um backup válido do Milheiro/],
        [foreign, 'invalid', /não é um backup válido do Milheiro/],
        [otherTar, 'invalid', /não é um backup válido do Milheiro/],
        [newer, 'newer_schema', /versão mais nova do Milheiro/],
        [path.join(root, 'nao-existe.tar.gz'), 'not_found', /não encontrado/],
      ] as const) {
        const refusal = await restoreBackup(file, dataDir).catch((err: unknown) => err);
        expect(refusal, file).toBeInstanceOf(BackupError);
        expect((refusal as BackupError).problem).toBe(problem);
        expect((refusal as BackupError).message).toMatch(message);
        expect((refusal as BackupError).message).toMatch(/Nada foi alterado\.$/);
      }
      // Nothing moved, nothing left behind, and the data is as it was.
      expect(readdirSync(dataDir).sort()).toEqual(listing);
      expect(readdirSync(path.join(dataDir, 'backups')).filter((n) => n.startsWith('.'))).toEqual([]);
      await open();
      expect(await figures(handle!.db)).toEqual(before);
    });

    it('keeps the newest backups only, and never removes one for a backup that failed', async () => {
      const dir = path.join(root, 'rotation');
      const written: string[] = [];
      for (let i = 0; i < 4; i++) {
        written.push((await writeBackup(handle!.embedded!, dir, new Date(Date.UTC(2026, 10, 20 + i, 6)))).name);
      }
      expect(written[0]).toBe('milheiro-backup-20261120T060000Z.tar.gz');
      expect(await rotateBackups(dir, 2)).toEqual([written[1], written[0]]);
      expect((await listBackups(dir)).map((b) => b.name)).toEqual([written[3], written[2]]);

      // A backups folder that cannot be written (a file stands where it should be): refused, old ones kept.
      const blocked = path.join(dir, 'bloqueado');
      await fs.writeFile(blocked, '');
      await expect(writeBackup(handle!.embedded!, blocked)).rejects.toThrow(/Os backups anteriores e os dados não/);
      expect((await listBackups(dir)).map((b) => b.name)).toEqual([written[3], written[2]]);
    });

    it('runs the daily backup on the job queue at BACKUP_HOUR, and not at all when off', async () => {
      expect(backupJob(backups).cron).toBe('0 3 * * *');
      expect(
        backupJob(new EmbeddedBackups({ source: handle!.embedded!, keep: 7, hour: null, logger })).cron,
      ).toBeUndefined();
      const before = (await backups.list()).length;
      const jobs = new JobQueue({
        connection: handle!.jobConnection,
        db: handle!.db,
        logger,
        definitions: [backupJob(backups)],
        pollingIntervalSeconds: 0.5,
      });
      await jobs.start();
      try {
        await jobs.send(BACKUP_JOB, {});
        for (let i = 0; i < 300 && (await backups.list()).length === before; i++) {
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        await jobs.stop(5_000);
      }
      expect((await backups.list()).length).toBe(before + 1);
    });
  });

  describe('the admin’s backups (/config → Segurança)', () => {
    it('lists the backups and downloads the newest through a signed link, recorded in the audit log', async () => {
      const overview = await call(app, 'GET', '/api/v1/backups', { cookie });
      expect(overview.status).toBe(200);
      expect(overview.body).toMatchObject({
        engine: 'pglite',
        hour: 3,
        keep: 7,
        download: { allowed: true, reason: null },
      });
      const newest = overview.body.backups[0];
      expect(newest.name).toMatch(/^milheiro-backup-\d{8}T\d{6}Z/);

      const link = await call(app, 'POST', '/api/v1/backups/newest/link', {
        cookie,
        headers: { origin: 'http://localhost' },
      });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const res = await app.request(`http://localhost${link.body.url}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${newest.name}"`);
      const downloaded = Buffer.from(await res.arrayBuffer());
      expect(downloaded.equals(readFileSync(path.join(dataDir, 'backups', newest.name)))).toBe(true);
      const audit = await handle!.db.execute(sql`SELECT description FROM activity WHERE kind = 'backup_downloaded'`);
      expect(JSON.stringify(audit)).toContain(`Backup ${newest.name} baixado`);

      // A tampered or another name's token, and an operador: refused.
      const tampered = link.body.url.replace(/token=(\d+)\./, (_m: string, e: string) => `token=${Number(e) + 1}.`);
      expect((await call(app, 'GET', tampered, { cookie })).status).toBe(403);
      const operador = await createTeamMember(handle!.db, agencyId);
      const operadorCookie = await signIn(app, operador);
      expect((await call(app, 'GET', '/api/v1/backups', { cookie: operadorCookie })).status).toBe(403);
      expect((await call(app, 'GET', link.body.url, { cookie: operadorCookie })).status).toBe(403);
      expect((await call(app, 'GET', '/api/v1/backups/..%2Fmilheiro.lock/download?token=1.x', { cookie })).status).toBe(
        404,
      );
    });

    it('offers no download of a backup that holds another agency too (a backup is the whole database)', async () => {
      await createAgencyWithUser(handle!.db);
      // The newest backup still holds this agency alone; the next one holds both.
      expect((await call(app, 'GET', '/api/v1/backups', { cookie })).body.download.allowed).toBe(true);
      await backups.backupNow();
      const overview = await call(app, 'GET', '/api/v1/backups', { cookie });
      expect(overview.body.download).toEqual({
        allowed: false,
        reason: expect.stringContaining('outras agências'),
      });
      const link = await call(app, 'POST', '/api/v1/backups/newest/link', {
        cookie,
        headers: { origin: 'http://localhost' },
      });
      expect(link.status).toBe(403);
      expect(link.body.error.message).toContain('outras agências');
    });
  });
});
