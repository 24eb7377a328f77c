import { useState } from 'react';
import { HistoryIcon, RefreshCwIcon, RotateCcwIcon } from 'lucide-react';
import { IMPORT_HISTORY_LIMIT, IMPORT_KIND_LABELS, type ImportJob } from '@domain/imports/import.schema';
import { formatDateTime, formatFileSize, formatNumber } from '@domain/format';
import { QueryErrorState } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { useImports } from '../api/get-imports';
import { ImportStatusBadge } from './import-status-badge';
import { UndoImportDialog } from './undo-import-dialog';

/** The last 20 imports of the agency, newest first, each completed one with 'Desfazer' (spec part 2 §2, §9). */
export function ImportHistoryCard() {
  const imports = useImports();
  const wide = useMediaQuery('(min-width: 768px)');
  const [undoing, setUndoing] = useState<ImportJob | null>(null);
  const refreshing = imports.isFetching && !imports.isPending;
  const jobs = imports.data?.data;

  return (
    <Card aria-labelledby="import-history-title" role="region">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="space-y-1.5">
          <CardTitle id="import-history-title">Histórico de importações</CardTitle>
          <CardDescription>
            As últimas {IMPORT_HISTORY_LIMIT} importações da agência. Desfazer uma importação concluída marca os
            registros dela como excluídos.
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="mt-2 shrink-0 self-start sm:mt-0"
          onClick={() => void imports.refetch()}
          disabled={imports.isFetching}
        >
          <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
          Atualizar
        </Button>
      </CardHeader>
      <CardContent>
        {imports.isPending ? (
          <HistorySkeleton />
        ) : imports.isError && !jobs ? (
          <QueryErrorState title="Erro ao carregar o histórico" query={imports} />
        ) : !jobs || jobs.length === 0 ? (
          <div
            className="flex flex-col items-center gap-3 rounded-lg border px-6 py-10 text-center"
            data-testid="import-history-empty"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <HistoryIcon aria-hidden="true" className="size-6" />
            </span>
            <p className="font-semibold">Nenhuma importação ainda</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              As importações feitas aqui aparecem nesta lista, com quem importou, quantas linhas entraram e a opção de
              desfazer.
            </p>
          </div>
        ) : wide ? (
          <HistoryTable jobs={jobs} onUndo={setUndoing} />
        ) : (
          <HistoryCards jobs={jobs} onUndo={setUndoing} />
        )}
      </CardContent>
      <UndoImportDialog job={undoing} onClose={() => setUndoing(null)} />
    </Card>
  );
}

interface HistoryListProps {
  jobs: readonly ImportJob[];
  onUndo: (job: ImportJob) => void;
}

function UndoButton({ job, onUndo }: { job: ImportJob; onUndo: (job: ImportJob) => void }) {
  if (job.status !== 'completed') return null;
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onUndo(job)}
      aria-label={`Desfazer a importação de ${job.file_name}`}
    >
      <RotateCcwIcon aria-hidden="true" />
      Desfazer
    </Button>
  );
}

function RowCounts({ job }: { job: ImportJob }) {
  return (
    <span className="tabular-nums whitespace-nowrap">
      <span className="font-medium text-success">{formatNumber(job.ok_rows)}</span>
      <span className="sr-only"> importadas</span>
      <span aria-hidden="true" className="text-muted-foreground">
        {' / '}
      </span>
      <span className={job.error_rows > 0 ? 'font-medium text-destructive' : 'text-muted-foreground'}>
        {formatNumber(job.error_rows)}
      </span>
      <span className="sr-only"> com erro</span>
    </span>
  );
}

/** Why it failed, or when it was undone, under the file's name. */
function JobNote({ job }: { job: ImportJob }) {
  if (job.status === 'failed' && job.message) return <p className="text-xs text-destructive">{job.message}</p>;
  if (job.status === 'undone' && job.undone_at)
    return <p className="text-xs text-muted-foreground">Desfeita em {formatDateTime(job.undone_at)}</p>;
  return null;
}

function HistoryTable({ jobs, onUndo }: HistoryListProps) {
  return (
    <div className="rounded-lg border">
      <Table aria-label="Histórico de importações" className="[&_td]:px-2 [&_th]:px-2 2xl:[&_td]:px-3 2xl:[&_th]:px-3">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Tipo</TableHead>
            <TableHead>Arquivo</TableHead>
            <TableHead className="text-right">
              Linhas <span className="normal-case">ok / erro</span>
            </TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Quando</TableHead>
            <TableHead>
              <span className="sr-only">Ações</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {jobs.map((job) => (
            <TableRow key={job.id} data-testid="import-history-row">
              <TableCell className="whitespace-nowrap">
                <Badge variant="secondary">{IMPORT_KIND_LABELS[job.kind]}</Badge>
              </TableCell>
              <TableCell className="max-w-[16rem]">
                <p className="truncate font-medium" title={job.file_name}>
                  {job.file_name}
                </p>
                <p className="text-xs text-muted-foreground tabular-nums">
                  {formatFileSize(job.file_size)} · {formatNumber(job.total_rows)}{' '}
                  {job.total_rows === 1 ? 'linha' : 'linhas'}
                </p>
                <JobNote job={job} />
              </TableCell>
              <TableCell className="text-right">
                <RowCounts job={job} />
              </TableCell>
              <TableCell>
                <ImportStatusBadge status={job.status} />
              </TableCell>
              <TableCell>
                <p className="whitespace-nowrap tabular-nums">{formatDateTime(job.created_at)}</p>
                {job.user_name && (
                  <p className="max-w-[11rem] truncate text-xs text-muted-foreground" title={job.user_name}>
                    por {job.user_name}
                  </p>
                )}
              </TableCell>
              <TableCell className="text-right">
                <UndoButton job={job} onUndo={onUndo} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function HistoryCards({ jobs, onUndo }: HistoryListProps) {
  return (
    <ul aria-label="Histórico de importações" className="divide-y rounded-lg border">
      {jobs.map((job) => (
        <li key={job.id} className="grid grid-cols-1 gap-2 p-4 text-sm" data-testid="import-history-row">
          <div className="flex min-w-0 items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium" title={job.file_name}>
                {job.file_name}
              </p>
              <p className="text-xs text-muted-foreground tabular-nums">
                {IMPORT_KIND_LABELS[job.kind]} · {formatFileSize(job.file_size)}
              </p>
            </div>
            <ImportStatusBadge status={job.status} />
          </div>
          <JobNote job={job} />
          <p className="flex flex-wrap items-center gap-x-1.5">
            <span className="text-muted-foreground">Linhas (ok / erro):</span>
            <RowCounts job={job} />
          </p>
          <div className="flex items-center justify-between gap-2">
            <p className="min-w-0 text-xs text-muted-foreground">
              <span className="tabular-nums">{formatDateTime(job.created_at)}</span>
              {job.user_name && ` · por ${job.user_name}`}
            </p>
            <UndoButton job={job} onUndo={onUndo} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function HistorySkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3" aria-busy="true">
      <span className="sr-only">Carregando o histórico</span>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}
