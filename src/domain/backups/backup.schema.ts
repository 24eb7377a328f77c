import { z } from 'zod';

/**
 * The embedded database's backups as the admin sees them in /config → Segurança (issue #21,
 * docs/decisions/0028-backups.md): written daily and on demand into DATA_DIR/backups, the newest
 * downloadable through a signed link valid BACKUP_LINK_SECONDS.
 */
export const BACKUP_LINK_SECONDS = 600;

export const BACKUP_MESSAGES = {
  notFound: 'Backup não encontrado.',
  none: 'Nenhum backup gravado ainda.',
  linkInvalid: 'Link de download inválido ou expirado. Gere um novo link.',
  /** A backup is the whole database: with other agencies in it, it is not one agency's to take. */
  sharedDatabase: 'Este backup guarda dados de outras agências além da sua: só quem opera o servidor pode baixá-lo.',
  postgres: 'O banco de dados é um PostgreSQL: os backups são feitos com pg_dump por quem opera o servidor.',
} as const;

export const backupEntrySchema = z.object({
  name: z.string(),
  created_at: z.string(),
  bytes: z.number().int(),
});
export type BackupEntry = z.infer<typeof backupEntrySchema>;

export const backupsOverviewSchema = z.object({
  engine: z.enum(['pglite', 'postgres']),
  /** The daily backup's hour in the agency's time zone; null when the daily backup is off. */
  hour: z.number().int().min(0).max(23).nullable(),
  keep: z.number().int(),
  backups: z.array(backupEntrySchema),
  /** Whether the admin may download the newest; when not, why. */
  download: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
});
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;

export const backupLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type BackupLink = z.infer<typeof backupLinkSchema>;

export const backupDownloadQuerySchema = z.object({ token: z.string().min(1).max(200) });
export const backupNameParams = z.object({ name: z.string() });
