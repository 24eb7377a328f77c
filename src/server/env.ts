import { isIP } from 'node:net';
import { z } from 'zod';

/*
 * Each refusal is one Portuguese clause that names its variable and says what it accepts; loadEnv
 * turns each into a sentence on a line of its own. The README's configuration table lists exactly
 * the variables of envSchema (src/server/__tests__/env.test.ts holds them together).
 */

const blankToUndefined = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

/** A whole number from min to max, with one message for every way of missing it. */
const integerIn = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} deve ser um número inteiro de ${min} a ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback);
};

const booleanFlag = (name: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase())
    .pipe(
      z
        .enum(['1', '0', 'true', 'false', 'yes', 'no', ''], { error: `${name} deve ser 1/0, true/false ou yes/no` })
        .optional(),
    )
    .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** An optional PostgreSQL URL (blank: none), refused with a message naming `name` unless postgres:// or postgresql://. */
const postgresUrl = (name: string) =>
  z
    .string()
    .optional()
    .transform(blankToUndefined)
    .refine(
      (v) => v === undefined || /^postgres(ql)?:\/\/.+/.test(v),
      `${name} deve começar com postgres:// ou postgresql://`,
    );

/** A comma-separated list (blank: empty), each item normalised by `item`, or refused whole with `message` when one is null. */
const commaList = (message: string, item: (s: string) => string | null) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const items = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(item);
      if (items.includes(null)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return items.filter((s) => s !== null);
    });

/** A host name or an IP address (IPv6 without brackets), as Node's listen() and the webhooks' checks take them. */
const hostOrIp = (s: string) =>
  isIP(s) !== 0 || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(s) ? s : null;

/** The origin as browsers send it in Origin (scheme, host, port: no path), compared as a string. */
const originOf = (s: string) => {
  try {
    const url = new URL(s);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return /^https?:$/.test(url.protocol) && bare ? url.origin : null;
  } catch {
    return null;
  }
};

/** "Name <address>" or a bare address, on one line (it becomes a header: no CR or LF). */
const EMAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'NODE_ENV deve ser development, production ou test' })
      .default('production'),
    PORT: integerIn('PORT', 1, 65535, 3000),
    HOST: z
      .string()
      .default('0.0.0.0')
      .refine(
        (v) => hostOrIp(v) !== null,
        'HOST deve ser um endereço IP ou nome de máquina, ex.: 0.0.0.0, 127.0.0.1 ou ::',
      ),
    DATA_DIR: z.string().trim().min(1, 'DATA_DIR deve ser o caminho de um diretório, não vazio').default('./data'),
    DATABASE_URL: postgresUrl('DATABASE_URL'),
    /**
     * Least-privilege production (docs/decisions/0012): the owner's URL, used only to apply the
     * migrations at start; DATABASE_URL then logs in as a role that is only the tenant role.
     */
    MIGRATION_DATABASE_URL: postgresUrl('MIGRATION_DATABASE_URL'),
    DB_POOL_SIZE: integerIn('DB_POOL_SIZE', 1, 200, 10),
    /** The agency's calendar: "today" for expiries, validation and reports (an IANA zone). */
    TZ: z
      .string()
      .default('America/Sao_Paulo')
      .refine((tz) => {
        try {
          return new Intl.DateTimeFormat('pt-BR', { timeZone: tz }).resolvedOptions().timeZone !== '';
        } catch {
          return false;
        }
      }, 'TZ deve ser um fuso horário IANA, ex.: America/Sao_Paulo'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL deve ser fatal, error, warn, info, debug, trace ou silent',
      })
      .default('info'),
    /** The built web app (npm run build); without its index.html only the API is served. */
    WEB_DIR: z
      .string()
      .trim()
      .min(1, 'WEB_DIR deve ser o caminho do app web compilado (npm run build), não vazio')
      .default('./dist/web'),
    COOKIE_SECURE: booleanFlag('COOKIE_SECURE'),
    /**
     * Behind reverse proxies: how many of them to trust for the client's address (X-Forwarded-For,
     * read from the right). 0 (default): the connection's address. 1/true: one proxy.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) =>
        v === undefined || v === '' || v === 'false' || v === 'no' ? '0' : v === 'true' || v === 'yes' ? '1' : v,
      )
      .pipe(
        z
          .string()
          .regex(/^\d{1,2}$/, 'TRUST_PROXY deve ser o número de proxies à frente do servidor (0, 1, 2…) ou true/false'),
      )
      .transform(Number),
    /**
     * Where e-mail goes out (smtp://user:pass@host:587 or smtps://…; nodemailer). Unset: messages
     * stay in the outbox, readable by the admin in /config (issue #16).
     */
    SMTP_URL: z
      .string()
      .optional()
      .transform(blankToUndefined)
      .refine((v) => v === undefined || /^smtps?:\/\/.+/.test(v), 'SMTP_URL deve começar com smtp:// ou smtps://'),
    /** Where the app is reached, for the links in e-mails (e.g. https://milheiro.suaagencia.com.br). */
    APP_URL: z
      .string()
      .optional()
      .transform((v) => blankToUndefined(v)?.replace(/\/+$/, ''))
      .refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), 'APP_URL deve começar com http:// ou https://'),
    /** The From of the e-mails. */
    EMAIL_FROM: z
      .string()
      .trim()
      .regex(
        EMAIL_FROM_PATTERN,
        'EMAIL_FROM deve ser um remetente de e-mail, ex.: Minha Agência <nao-responda@minhaagencia.com.br>',
      )
      .default('Milheiro <nao-responda@milheiro.app>'),
    /**
     * Tests only (NODE_ENV=test): comma-separated hosts a webhook may point at although they are
     * loopback or private (the tests' receivers on 127.0.0.1), and over plain http.
     */
    WEBHOOK_ALLOW_HOSTS: commaList(
      'WEBHOOK_ALLOW_HOSTS deve ser uma lista de hosts separados por vírgula, sem esquema nem porta, ex.: 127.0.0.1,localhost',
      (s) => hostOrIp(s.toLowerCase()),
    ),
    /** Comma-separated extra origins allowed to send state-changing requests (behind a proxy). */
    ALLOWED_ORIGINS: commaList(
      'ALLOWED_ORIGINS deve ser uma lista de origens separadas por vírgula, sem caminho, ex.: https://milheiro.suaagencia.com.br',
      originOf,
    ),
    /**
     * The token /metrics asks for (Authorization: Bearer …). Unset: /metrics answers only to
     * connections from this machine (loopback).
     */
    METRICS_TOKEN: z
      .string()
      .optional()
      .transform(blankToUndefined)
      .refine((v) => v === undefined || v.length >= 16, 'METRICS_TOKEN deve ter ao menos 16 caracteres'),
    /** Embedded database only: the hour (0–23, agency's time zone) of the daily backup, or off. */
    BACKUP_HOUR: z
      .string()
      .optional()
      .transform((v) => blankToUndefined(v)?.toLowerCase() ?? '3')
      .refine((v) => v === 'off' || /^([01]?\d|2[0-3])$/.test(v), 'BACKUP_HOUR deve ser uma hora de 0 a 23 ou off')
      .transform((v) => (v === 'off' ? null : Number(v))),
    /** How many backups DATA_DIR/backups keeps (the oldest go once a new one is written). */
    BACKUP_KEEP: integerIn('BACKUP_KEEP', 1, 365, 7),
    /** On SIGTERM: how long requests in flight and running jobs may take before the process stops anyway. */
    SHUTDOWN_TIMEOUT_SECONDS: integerIn('SHUTDOWN_TIMEOUT_SECONDS', 1, 600, 25),
  })
  .refine((env) => !env.MIGRATION_DATABASE_URL || env.DATABASE_URL, {
    path: ['MIGRATION_DATABASE_URL'],
    message: 'MIGRATION_DATABASE_URL só vale com DATABASE_URL (as migrações do PostgreSQL rodam pelo dono)',
  });

export type Env = z.infer<typeof envSchema>;

/** `npm run demo`'s own variables (src/server/demo.ts), read beside the server's. */
export const demoEnvSchema = z.object({
  DEMO_CLIENTS: integerIn('DEMO_CLIENTS', 0, 100_000, 400),
  DEMO_SEED: z.coerce
    .number({ error: 'DEMO_SEED deve ser um número inteiro' })
    .int('DEMO_SEED deve ser um número inteiro')
    .default(2026),
});

export type DemoEnv = z.infer<typeof demoEnvSchema>;

/** One sentence per variable: its first problem is enough to fix it. */
function problemsOf(result: z.ZodSafeParseResult<unknown>): string[] {
  if (result.success) return [];
  const byVariable = new Map<string, string>();
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!byVariable.has(key)) byVariable.set(key, issue.message);
  }
  return [...byVariable.values()].map((m) => `Configuração inválida no ambiente: ${m}${/[.…]$/.test(m) ? '' : '.'}`);
}

/** A refusal of the environment: its message is what to print, one sentence per line, without a stack. */
export class InvalidEnvError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
    this.name = 'InvalidEnvError';
  }
}

function refuse(problems: string[]): never {
  throw new InvalidEnvError(problems);
}

/** The server's environment, or an InvalidEnvError with one line per wrong variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) refuse(problemsOf(parsed));
  return parsed.data;
}

/** The server's environment and the demo's, every problem of both in one refusal. */
export function loadDemoEnv(source: NodeJS.ProcessEnv = process.env): { env: Env; demo: DemoEnv } {
  const env = envSchema.safeParse(source);
  const demo = demoEnvSchema.safeParse(source);
  if (!env.success || !demo.success) refuse([...problemsOf(env), ...problemsOf(demo)]);
  return { env: env.data, demo: demo.data };
}
