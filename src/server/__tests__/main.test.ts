import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, waitUntilUp } from '../testing/server-process';

/** The real entry point, as `npm run serve` starts it, on the embedded database. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'milheiro-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run serve` on this file's embedded data directory (DATABASE_URL unset). */
const start = (env: Record<string, string>) => spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', ...env });

/** POST a JSON body to the real server. */
const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('server process', () => {
  it('stops with a clear message on a bad environment', async () => {
    const { exited, output: stderr } = await start({ PORT: 'abc' });
    expect(await exited).toBe(1);
    expect(stderr()).toContain('Configuração inválida no ambiente');
    expect(stderr()).toContain('PORT deve ser um número');
  });

  // One life of a data directory, start after start, each start the real server (the first one
  // migrating a fresh embedded database): several seconds apiece when the machine is busy, so
  // more than the default 30 s. One journey rather than two tests that each start their own
  // servers: every start but the refused one is needed by both the clean shutdowns and the lock.
  it('shuts down cleanly on SIGTERM and SIGINT losing nothing, and refuses a second server on the same data directory until the first stopped or was killed', async () => {
    const first = await start({});
    await waitUntilUp(first);
    const signUp = await postJson(`${first.url}/api/v1/auth/sign-up`, {
      agency: { legal_name: 'Agência Persistente Ltda', trade_name: 'Persistente', cnpj: '11222333000181' },
      user: { name: 'Ana Lima', email: 'ana@persistente.com', password: 'Segura123' },
    });
    expect(signUp.status).toBe(201);

    const second = await start({});
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Outro processo do Milheiro já está usando o diretório de dados ${dataDir} (PID ${first.child.pid}`,
    );
    expect((await fetch(`${first.url}/api/health`)).ok).toBe(true);

    const firstExited = first.exited;
    first.child.kill('SIGTERM');
    expect(await firstExited).toBe(0);
    expect(first.output()).toContain('database closed');

    // The next start takes over the directory, with what the first one wrote.
    const third = await start({});
    await waitUntilUp(third);
    const setup = await (await fetch(`${third.url}/api/v1/auth/setup`)).json();
    expect(setup.needs_setup).toBe(false);
    const signIn = await postJson(`${third.url}/api/v1/auth/sign-in`, {
      identifier: 'ana@persistente.com',
      password: 'Segura123',
    });
    expect(signIn.status).toBe(200);

    // A crash leaves the lock file behind: its process is gone, so the next start takes it over.
    const thirdExited = third.exited;
    third.child.kill('SIGKILL');
    await thirdExited;
    const fourth = await start({});
    await waitUntilUp(fourth);
    const fourthExited = fourth.exited;
    fourth.child.kill('SIGINT');
    expect(await fourthExited).toBe(0);
  }, 180_000);
});

/**
 * The least-privilege production setup (README "Produção no PostgreSQL", decision 0012): the owner
 * applies the migrations through MIGRATION_DATABASE_URL and requests log in as a role that owns
 * nothing and is only the tenant role. The real process signs up and reads on a fresh database.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('server process with a least-privilege login (PostgreSQL)', () => {
  it('migrates as the owner and serves as the login role, which owns nothing', async () => {
    const { default: pg } = await import('pg');
    const ownerUrl = new URL(process.env.TEST_DATABASE_URL!);
    const admin = new pg.Client({ connectionString: ownerUrl.toString() });
    await admin.connect();
    const dbName = `milheiro_lp_${process.pid}_${Date.now()}`;
    const login = 'milheiro_login_main';
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'milheiro_app') THEN CREATE ROLE milheiro_app NOLOGIN NOSUPERUSER NOBYPASSRLS; END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${login}') THEN CREATE ROLE ${login} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE IN ROLE milheiro_app; END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
    const owner = new URL(ownerUrl);
    owner.pathname = `/${dbName}`;
    const requests = new URL(owner);
    requests.username = login;
    try {
      const server = await start({
        DATA_DIR: dataDir,
        DATABASE_URL: requests.toString(),
        MIGRATION_DATABASE_URL: owner.toString(),
      });
      await waitUntilUp(server);
      expect((await (await fetch(`${server.url}/api/v1/auth/setup`)).json()).needs_setup).toBe(true);
      const signUp = await postJson(`${server.url}/api/v1/auth/sign-up`, {
        agency: { legal_name: 'Agência Mínima Ltda', trade_name: 'Mínima', cnpj: '11222333000181' },
        user: { name: 'Rui Prado', email: 'rui@minima.com', password: 'Segura123' },
      });
      expect(signUp.status).toBe(201);
      const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
      const created = await postJson(
        `${server.url}/api/v1/clients`,
        { name: 'Cliente Mínimo' },
        { cookie, origin: server.url },
      );
      expect(created.status).toBe(201);
      const list = await (await fetch(`${server.url}/api/v1/clients`, { headers: { cookie } })).json();
      expect(list.data.map((c: { name: string }) => c.name)).toEqual(['Cliente Mínimo']);

      const check = new pg.Client({ connectionString: owner.toString() });
      await check.connect();
      try {
        const owned = await check.query(
          `SELECT count(*)::int AS n FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner WHERE r.rolname = $1`,
          [login],
        );
        expect(owned.rows[0].n).toBe(0);
        const role = await check.query(
          `SELECT rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = $1`,
          [login],
        );
        expect(role.rows[0]).toEqual({
          rolsuper: false,
          rolbypassrls: false,
          rolcreaterole: false,
          rolcreatedb: false,
        });
      } finally {
        await check.end();
      }
      const exited = server.exited;
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
