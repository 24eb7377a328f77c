import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''], { error: 'use 1/0, true/false ou yes/no' })
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** An optional PostgreSQL URL (blank: none), refused with a message naming `name` unless postgres:// or postgresql://. */
const postgresUrl = (name: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine(
      (v) => v === undefined || /^postgres(ql)?:\/\/.+/.test(v),
      `${name} deve começar com postgres:// ou postgresql://`,
    );

export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'NODE_ENV deve ser development, production ou test' })
      .default('production'),
    PORT: z.coerce
      .number({ error: 'PORT deve ser um número' })
      .int('PORT deve ser um número inteiro')
      .min(1, 'PORT deve estar entre 1 e 65535')
      .max(65535, 'PORT deve estar entre 1 e 65535')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1, 'DATA_DIR não pode ser vazio').default('./data'),
    DATABASE_URL: postgresUrl('DATABASE_URL'),
    /**
     * Least-privilege production (docs/decisions/0012): the owner's URL, used only to apply the
     * migrations at start; DATABASE_URL then logs in as a role that is only the tenant role.
     */
    MIGRATION_DATABASE_URL: postgresUrl('MIGRATION_DATABASE_URL'),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIR: z.string().default('./dist/web'),
    COOKIE_SECURE: booleanFlag,
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
      .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
      .refine((v) => v === undefined || /^smtps?:\/\/.+/.test(v), 'SMTP_URL deve começar com smtp:// ou smtps://'),
    /** Where the app is reached, for the links in e-mails (e.g. https://milheiro.suaagencia.com.br). */
    APP_URL: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim().replace(/\/+$/, '')))
      .refine((v) => v === undefined || /^https?:\/\/[^/]+/.test(v), 'APP_URL deve começar com http:// ou https://'),
    /** The From of the e-mails. */
    EMAIL_FROM: z.string().default('Milheiro <nao-responda@milheiro.app>'),
    /**
     * Tests only (NODE_ENV=test): comma-separated hosts a webhook may point at although they are
     * loopback or private (the tests' receivers on 127.0.0.1), and over plain http.
     */
    WEBHOOK_ALLOW_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim().toLowerCase())
              .filter(Boolean)
          : [],
      ),
    /** Comma-separated extra origins allowed to send state-changing requests (behind a proxy). */
    ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      ),
  })
  .refine((env) => !env.MIGRATION_DATABASE_URL || env.DATABASE_URL, {
    path: ['MIGRATION_DATABASE_URL'],
    message: 'MIGRATION_DATABASE_URL só vale com DATABASE_URL (as migrações do PostgreSQL rodam pelo dono)',
  });

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Configuração inválida no ambiente:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
