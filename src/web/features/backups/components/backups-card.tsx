import { useState } from 'react';
import { DatabaseBackupIcon, DownloadIcon } from 'lucide-react';
import { formatDateTime, formatFileSize } from '@domain/format';
import { QueryErrorState } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { TruncatedText } from '@/components/ui/truncated-text';
import { toast, toastError } from '@/lib/toast';
import { getNewestBackupLink, useBackups } from '../api/backups';

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The embedded database's backups for the admin (issue #21): when the daily one runs, the last ones
 * kept on the server, and the newest downloadable through a signed link — unless the file holds
 * other agencies too, or the database is a PostgreSQL (backed up with pg_dump by its operator).
 */
export function BackupsCard() {
  const backups = useBackups();
  const [downloading, setDownloading] = useState(false);
  const overview = backups.data;

  const onDownload = async () => {
    setDownloading(true);
    try {
      const link = await getNewestBackupLink();
      // The file comes as an attachment: the browser saves it and this page stays.
      const anchor = document.createElement('a');
      anchor.href = link.url;
      anchor.rel = 'noopener';
      anchor.click();
      toast.success('Download iniciado', { description: 'O backup mais recente está sendo baixado.' });
    } catch (error) {
      toastError('Erro ao baixar backup', error, 'Não foi possível gerar o link de download');
    } finally {
      setDownloading(false);
    }
  };

  const schedule = !overview
    ? null
    : overview.engine === 'postgres'
      ? null
      : overview.hour === null
        ? `O backup diário está desligado (BACKUP_HOUR=off). Os ${overview.keep} mais recentes ficam guardados no servidor.`
        : `Um backup completo todos os dias às ${pad2(overview.hour)}:00; os ${overview.keep} mais recentes ficam guardados no servidor.`;

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="space-y-1.5">
          <CardTitle>Backups</CardTitle>
          <CardDescription>
            {overview?.engine === 'postgres'
              ? overview.download.reason
              : (schedule ?? 'Cópias do banco de dados guardadas no servidor.')}
          </CardDescription>
        </div>
        {overview?.engine === 'pglite' && (
          <Button
            variant="outline"
            className="mt-2 shrink-0 sm:mt-0"
            disabled={!overview.download.allowed || downloading}
            onClick={() => void onDownload()}
          >
            {downloading ? <Spinner /> : <DownloadIcon aria-hidden="true" />}
            Baixar o mais recente
          </Button>
        )}
      </CardHeader>
      {overview?.engine !== 'postgres' && (
        <CardContent className="space-y-3">
          {backups.isError ? (
            <QueryErrorState title="Erro ao carregar backups" query={backups} compact />
          ) : !overview ? (
            <div role="status" aria-busy="true" aria-label="Carregando backups" className="space-y-2">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : overview.backups.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nenhum backup gravado ainda.{' '}
              {overview.hour === null
                ? 'Faça um com npm run backup no servidor.'
                : `O primeiro sai às ${pad2(overview.hour)}:00, ou agora com npm run backup no servidor.`}
            </p>
          ) : (
            <>
              <ul aria-label="Backups guardados" className="divide-y rounded-lg border">
                {overview.backups.map((backup, index) => (
                  <li key={backup.name} className="flex items-center gap-3 p-3" data-testid="backup-row">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
                      <DatabaseBackupIcon aria-hidden="true" className="size-4" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium tabular-nums">
                        {formatDateTime(backup.created_at)}
                        {index === 0 && <Badge variant="success">Mais recente</Badge>}
                      </p>
                      <p className="flex min-w-0 gap-1 text-xs text-muted-foreground">
                        <span className="shrink-0">{formatFileSize(backup.bytes)} ·</span>
                        <TruncatedText text={backup.name} />
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
              {overview.download.reason && <p className="text-sm text-muted-foreground">{overview.download.reason}</p>}
            </>
          )}
        </CardContent>
      )}
    </Card>
  );
}
