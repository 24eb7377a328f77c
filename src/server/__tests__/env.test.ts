import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoEnvSchema, envSchema, InvalidEnvError, loadDemoEnv, loadEnv } from '../env';

const root = path.resolve(import.meta.dirname, '../../..');
const PREFIX = 'Configuração inválida no ambiente: ';

/** The variables in the first column of each README table headed "variable | default | what it changes". */
function readmeTables(): string[][] {
  const lines = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n');
  const tables: string[][] = [];
  lines.forEach((line, i) => {
    if (line !== '| variable | default | what it changes |') return;
    const rows = [];
    for (let j = i + 2; lines[j]?.startsWith('|'); j++) rows.push(lines[j]!);
    tables.push(rows.map((row) => /^\| `([A-Z][A-Z0-9_]*)` \|/.exec(row)?.[1] ?? `unreadable row: ${row}`));
  });
  return tables;
}

/** The lines of the refusal `load` throws. */
function refusalOf(load: () => unknown): string[] {
  try {
    load();
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidEnvError);
    return (err as Error).message.split('\n');
  }
  throw new Error('accepted');
}

/** One sentence on one line: the prefix, the variable's name first, a full stop at the end and none before. */
function expectOneSentenceNaming(lines: string[], variable: string) {
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^${PREFIX}${variable} [^\\n]+\\.$`));
  expect(lines[0]!.slice(PREFIX.length)).not.toMatch(/[.!?] +[A-ZÁÉÍÓÚ]/);
}

/** For each of the server's variables, a value it refuses (with whatever else it needs). */
const INVALID: Record<keyof typeof envSchema.shape, Record<string, string>> = {
  NODE_ENV: { NODE_ENV: 'staging' },
  PORT: { PORT: 'abc' },
  HOST: { HOST: 'http://0.0.0.0' },
  DATA_DIR: { DATA_DIR: ' ' },
  DATABASE_URL: { DATABASE_URL: 'mysql://x' },
  MIGRATION_DATABASE_URL: { DATABASE_URL: 'postgres://u@h/db', MIGRATION_DATABASE_URL: 'http://x' },
  DB_POOL_SIZE: { DB_POOL_SIZE: '0' },
  TZ: { TZ: 'Marte/Olympus' },
  LOG_LEVEL: { LOG_LEVEL: 'verbose' },
  WEB_DIR: { WEB_DIR: '' },
  COOKIE_SECURE: { COOKIE_SECURE: 'talvez' },
  TRUST_PROXY: { TRUST_PROXY: 'todos' },
  SMTP_URL: { SMTP_URL: 'mail.example.com' },
  APP_URL: { APP_URL: 'milheiro.example.com' },
  EMAIL_FROM: { EMAIL_FROM: 'Milheiro' },
  WEBHOOK_ALLOW_HOSTS: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1, http://localhost:8080' },
  ALLOWED_ORIGINS: { ALLOWED_ORIGINS: 'https://a.com/app' },
  METRICS_TOKEN: { METRICS_TOKEN: 'curto' },
  BACKUP_HOUR: { BACKUP_HOUR: '24' },
  BACKUP_KEEP: { BACKUP_KEEP: '0' },
  SHUTDOWN_TIMEOUT_SECONDS: { SHUTDOWN_TIMEOUT_SECONDS: '601' },
};

const INVALID_DEMO: Record<keyof typeof demoEnvSchema.shape, Record<string, string>> = {
  DEMO_CLIENTS: { DEMO_CLIENTS: '-1' },
  DEMO_SEED: { DEMO_SEED: 'abc' },
};

describe('the README', () => {
  it("lists exactly the server's variables in its configuration table", () => {
    const [server] = readmeTables();
    expect(server?.toSorted()).toEqual(Object.keys(envSchema.shape).toSorted());
  });

  it("lists the demo's variables in the scripts' table", () => {
    const [, scripts] = readmeTables();
    expect(scripts).toEqual(expect.arrayContaining(Object.keys(demoEnvSchema.shape)));
  });
});

describe('loadEnv', () => {
  it('has the documented defaults', () => {
    expect(loadEnv({})).toEqual({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      DATABASE_URL: undefined,
      MIGRATION_DATABASE_URL: undefined,
      DB_POOL_SIZE: 10,
      TZ: 'America/Sao_Paulo',
      LOG_LEVEL: 'info',
      WEB_DIR: './dist/web',
      COOKIE_SECURE: false,
      TRUST_PROXY: 0,
      SMTP_URL: undefined,
      APP_URL: undefined,
      EMAIL_FROM: 'Milheiro <nao-responda@milheiro.app>',
      WEBHOOK_ALLOW_HOSTS: [],
      ALLOWED_ORIGINS: [],
      METRICS_TOKEN: undefined,
      BACKUP_HOUR: 3,
      BACKUP_KEEP: 7,
      SHUTDOWN_TIMEOUT_SECONDS: 25,
    });
    expect(loadDemoEnv({}).demo).toEqual({ DEMO_CLIENTS: 400, DEMO_SEED: 2026 });
  });

  it('reads values', () => {
    const env = loadEnv({
      PORT: '8080',
      HOST: '::',
      DATABASE_URL: 'postgres://u@h/db',
      COOKIE_SECURE: 'TRUE',
      ALLOWED_ORIGINS: 'https://a.com, https://B.com:8443/',
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1, LocalHost, ::1',
      EMAIL_FROM: ' "Agência X" <contato@agencia-x.com.br> ',
      BACKUP_HOUR: 'OFF',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '::',
      DATABASE_URL: 'postgres://u@h/db',
      COOKIE_SECURE: true,
      ALLOWED_ORIGINS: ['https://a.com', 'https://b.com:8443'],
      WEBHOOK_ALLOW_HOSTS: ['127.0.0.1', 'localhost', '::1'],
      EMAIL_FROM: '"Agência X" <contato@agencia-x.com.br>',
      BACKUP_HOUR: null,
    });
    expect(loadEnv({ DATABASE_URL: '  ' }).DATABASE_URL).toBeUndefined();
    expect(loadEnv({ EMAIL_FROM: 'nao-responda@agencia.com.br' }).EMAIL_FROM).toBe('nao-responda@agencia.com.br');
  });

  it.each(Object.entries(INVALID))('refuses a wrong %s in one sentence that names it', (variable, source) => {
    expectOneSentenceNaming(
      refusalOf(() => loadEnv(source)),
      variable,
    );
  });

  it.each(Object.entries(INVALID_DEMO))(
    "refuses the demo's wrong %s in one sentence that names it",
    (variable, source) => {
      expectOneSentenceNaming(
        refusalOf(() => loadDemoEnv(source)),
        variable,
      );
    },
  );

  it.each([
    [{ PORT: '70000' }, 'PORT deve ser um número inteiro de 1 a 65535.'],
    [{ PORT: '-1.5' }, 'PORT deve ser um número inteiro de 1 a 65535.'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL deve começar com postgres:// ou postgresql://.'],
    [
      { MIGRATION_DATABASE_URL: 'postgres://dono@h/db' },
      'MIGRATION_DATABASE_URL só vale com DATABASE_URL (as migrações do PostgreSQL rodam pelo dono).',
    ],
    [{ TZ: 'Marte/Olympus' }, 'TZ deve ser um fuso horário IANA, ex.: America/Sao_Paulo.'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY deve ser o número de proxies à frente do servidor (0, 1, 2…) ou true/false.'],
  ])('refuses %o with exactly one sentence', (source, sentence) => {
    expect(refusalOf(() => loadEnv(source))).toEqual([PREFIX + sentence]);
  });

  it('says every wrong variable, one line each', () => {
    expect(refusalOf(() => loadDemoEnv({ PORT: 'abc', LOG_LEVEL: 'verbose', DEMO_CLIENTS: 'muitos' }))).toEqual([
      `${PREFIX}PORT deve ser um número inteiro de 1 a 65535.`,
      `${PREFIX}LOG_LEVEL deve ser fatal, error, warn, info, debug, trace ou silent.`,
      `${PREFIX}DEMO_CLIENTS deve ser um número inteiro de 0 a 100000.`,
    ]);
  });
});

/** Runs `entry` as npm runs it, with `env` over the caller's, until it exits (20 s at most). */
function run(
  entry: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: path.join(tmpdir(), 'milheiro-env-test-never-created'),
        DATABASE_URL: '',
        STOP_WITH_PID: String(process.pid),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('a process started on a wrong environment', () => {
  it('the server exits 1 with one sentence on stderr and no stack trace', async () => {
    expect(await run('src/server/main.ts', { PORT: 'abc' })).toEqual({
      code: 1,
      stdout: '',
      stderr: `${PREFIX}PORT deve ser um número inteiro de 1 a 65535.\n`,
    });
  });

  it("the demo exits 1 with one sentence per wrong variable, its own and the server's", async () => {
    expect(await run('src/server/demo.ts', { PORT: '0', DEMO_CLIENTS: '-1' })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `${PREFIX}PORT deve ser um número inteiro de 1 a 65535.\n` +
        `${PREFIX}DEMO_CLIENTS deve ser um número inteiro de 0 a 100000.\n`,
    });
  });
});
