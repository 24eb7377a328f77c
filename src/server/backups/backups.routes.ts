import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import {
  BACKUP_LINK_SECONDS,
  BACKUP_MESSAGES as M,
  backupDownloadQuerySchema,
  backupLinkSchema,
  backupNameParams,
  backupsOverviewSchema,
  type BackupsOverview,
} from '../../domain/backups/backup.schema';
import { recordActivity } from '../activity/activity.queries';
import type { AppEnv } from '../http/context';
import { AppError } from '../http/errors';
import { apiDoc, file, json } from '../http/openapi';
import { linkTokenValid, signLink } from '../http/signed-link';
import { parseOrThrow } from '../http/validate';
import { isBackupName } from './backup-file';
import type { EmbeddedBackups } from './backups.service';

const docs = {
  overview: apiDoc({
    tag: 'backups',
    access: 'admin',
    operationId: 'listBackups',
    summary: 'The last backups of the embedded database, newest first, and whether the newest may be downloaded',
    description:
      'On PostgreSQL `engine` is `postgres` and the list is empty (backups are pg_dump, run by whoever operates the server). The download is offered only when the database holds this agency alone: a backup is the whole database.',
    response: json('The backups', backupsOverviewSchema),
  }),
  link: apiDoc({
    tag: 'backups',
    access: 'admin',
    operationId: 'createBackupLink',
    summary: 'A download link (600 s) for the newest backup',
    response: json('The link', backupLinkSchema),
    errors: [404],
  }),
  download: apiDoc({
    tag: 'backups',
    access: 'admin',
    operationId: 'downloadBackup',
    summary: 'A backup file, through a signed link',
    description:
      "`token` comes from POST /backups/newest/link: signed with the session's key, valid 600 s. 403 when expired, tampered or another session's; 404 for an unknown name. Recorded in the audit log (`backup_downloaded`).",
    params: backupNameParams,
    query: backupDownloadQuerySchema,
    response: file(
      'The backup (.tar.gz: a manifest and the data directory; restore with npm run restore)',
      'application/gzip',
    ),
    errors: [404],
  }),
};

const notFound = () => new AppError('NOT_FOUND', M.notFound, { status: 404 });

/** Why the admin may not download this backup (it holds other agencies' data too), or null. */
async function downloadRefusal(backups: EmbeddedBackups, name: string | undefined, agencyId: string) {
  if (!name) return null;
  return (await backups.holdsOnly(name, agencyId)) ? null : M.sharedDatabase;
}

export const backupsRoutes = new Hono<AppEnv>()
  .get('/', docs.overview, async (c) => {
    const backups = c.var.deps.backups;
    if (!backups) {
      const overview: BackupsOverview = {
        engine: 'postgres',
        hour: null,
        keep: 0,
        backups: [],
        download: { allowed: false, reason: M.postgres },
      };
      return c.json(overview);
    }
    const list = await backups.list();
    const refusal = await downloadRefusal(backups, list[0]?.name, c.var.session.agencyId);
    const overview: BackupsOverview = {
      engine: 'pglite',
      hour: backups.hour,
      keep: backups.keep,
      backups: list,
      download: { allowed: list.length > 0 && refusal === null, reason: refusal },
    };
    return c.json(overview);
  })
  .post('/newest/link', docs.link, async (c) => {
    const backups = c.var.deps.backups;
    // On PostgreSQL there is no file here to link to.
    if (!backups) throw new AppError('NOT_FOUND', M.postgres, { status: 404 });
    const newest = (await backups.list())[0];
    if (!newest) throw new AppError('NOT_FOUND', M.none, { status: 404 });
    const refusal = await downloadRefusal(backups, newest.name, c.var.session.agencyId);
    if (refusal) throw new AppError('FORBIDDEN', refusal, { status: 403 });
    const { token, expires_at } = signLink(c.var.session.sessionId, `backup:${newest.name}`, BACKUP_LINK_SECONDS);
    return c.json({
      url: `/api/v1/backups/${encodeURIComponent(newest.name)}/download?token=${encodeURIComponent(token)}`,
      expires_at,
    });
  })
  .get('/:name/download', docs.download, async (c) => {
    const backups = c.var.deps.backups;
    const name = c.req.param('name');
    if (!backups || !isBackupName(name)) throw notFound();
    const { token } = parseOrThrow(backupDownloadQuerySchema, c.req.query());
    if (!linkTokenValid(c.var.session.sessionId, `backup:${name}`, token)) {
      throw new AppError('FORBIDDEN', M.linkInvalid, { status: 403 });
    }
    const path = backups.fileOf(name);
    let size: number;
    try {
      size = (await fs.stat(path)).size;
    } catch {
      throw notFound();
    }
    const refusal = await downloadRefusal(backups, name, c.var.session.agencyId);
    if (refusal) throw new AppError('FORBIDDEN', refusal, { status: 403 });
    await recordActivity(c.var.db, {
      agencyId: c.var.session.agencyId,
      userId: c.var.session.userId,
      kind: 'backup_downloaded',
      description: `Backup ${name} baixado`,
    });
    const stream = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
    return c.body(stream, 200, {
      'content-type': 'application/gzip',
      'content-length': String(size),
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
    });
  });
