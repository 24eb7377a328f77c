import { useState } from 'react';
import { ScrollTextIcon } from 'lucide-react';
import { AUDIT_MESSAGES } from '@domain/audit/audit.schema';
import { formatDateTime } from '@domain/format';
import { ExportButton } from '@/components/export-button';
import { QueryErrorState } from '@/components/query-error-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditLog } from '../api/get-audit-log';
import { NO_AUDIT_FILTERS, type AuditEntry, type AuditFilterValues } from '../types';
import { AuditAreaBadge } from './audit-area-badge';
import { AuditChanges } from './audit-changes';
import { AuditFilters } from './audit-filters';

const HEADERS = ['Data/hora', 'Usuário', 'Área', 'Descrição', 'Alterações', 'Endereço IP'] as const;

/**
 * /config → Auditoria (#20, admins): the agency's audit log, newest first — who changed what
 * (before → after), when and from which address — filtered by user, area and period, and
 * exported as CSV. A table from md up; below it, one card per line (readable at 390 px).
 */
export function AuditLogSettings() {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const inverted = Boolean(filters.from && filters.to && filters.from > filters.to);
  // An inverted period is said beside the boxes, and the list keeps reading from "De" on.
  const applied = inverted ? { ...filters, to: '' } : filters;
  const log = useAuditLog(applied, page);
  const exporting = useExportAuditLog();
  const result = log.data;
  const filtered = Object.values(applied).some(Boolean);

  const onFilters = (next: AuditFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <Card className="gap-0 pb-0">
      <CardHeader className="gap-4 pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Auditoria</CardTitle>
          <CardDescription>
            Quem alterou o quê, quando e de onde: clientes, lotes, emissões, financeiro, regras, equipe, configurações e
            importações. O registro não pode ser alterado nem apagado.
          </CardDescription>
        </div>
        <div className="shrink-0">
          <ExportButton mutation={exporting} variables={applied} label="Exportar CSV" />
        </div>
      </CardHeader>
      <CardContent className="space-y-2 pb-4">
        <AuditFilters value={filters} onChange={onFilters} />
        {inverted && (
          <p role="alert" className="text-sm text-destructive">
            {AUDIT_MESSAGES.periodInvalid}
          </p>
        )}
      </CardContent>

      {log.isError && !result ? (
        <CardContent className="pb-5">
          <QueryErrorState title="Erro ao carregar a auditoria" query={log} />
        </CardContent>
      ) : result && result.total === 0 ? (
        <div className="flex flex-col items-center gap-3 border-t px-6 py-12 text-center" data-testid="audit-empty">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <ScrollTextIcon aria-hidden="true" className="size-6" />
          </span>
          <p className="font-semibold">Nenhum registro encontrado</p>
          <p className="text-sm text-muted-foreground">
            {filtered
              ? 'Nenhuma alteração corresponde aos filtros aplicados.'
              : 'As alterações feitas na agência aparecerão aqui.'}
          </p>
        </div>
      ) : (
        <div className="border-t">
          <div className="hidden md:block">
            <Table
              aria-label="Registros de auditoria"
              aria-busy={!result || log.isPlaceholderData}
              className="min-w-[56rem]"
            >
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  {HEADERS.map((header) => (
                    <TableHead key={header}>{header}</TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody className={cn('transition-opacity', log.isPlaceholderData && 'opacity-60')}>
                {result
                  ? result.data.map((entry) => <AuditRow key={entry.id} entry={entry} />)
                  : Array.from({ length: 5 }, (_row, i) => (
                      <TableRow key={i} className="hover:bg-transparent">
                        {HEADERS.map((header) => (
                          <TableCell key={header}>
                            <Skeleton className="h-4 w-20" />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
              </TableBody>
            </Table>
          </div>
          <ul
            aria-label="Registros de auditoria"
            aria-busy={!result || log.isPlaceholderData}
            className={cn('divide-y md:hidden', log.isPlaceholderData && 'opacity-60')}
          >
            {result
              ? result.data.map((entry) => <AuditCard key={entry.id} entry={entry} />)
              : Array.from({ length: 4 }, (_row, i) => (
                  <li key={i} className="space-y-2 px-4 py-4">
                    <Skeleton className="h-4 w-40" />
                    <Skeleton className="h-4 w-full" />
                  </li>
                ))}
          </ul>
          <PaginationFooter list={result} itemLabel="registros" onPageChange={setPage} />
        </div>
      )}
    </Card>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <TableRow data-testid="audit-row" className="align-top">
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(entry.created_at)}</TableCell>
      <TableCell className={cn('max-w-40 break-words', !entry.user_id && 'text-muted-foreground')}>
        {entry.user_name}
      </TableCell>
      <TableCell>
        <AuditAreaBadge area={entry.area} />
      </TableCell>
      <TableCell className="max-w-72 break-words whitespace-normal">{entry.description}</TableCell>
      <TableCell className="max-w-80 whitespace-normal">
        <AuditChanges entry={entry} />
      </TableCell>
      <TableCell className="font-mono text-xs whitespace-nowrap text-muted-foreground">{entry.ip ?? '—'}</TableCell>
    </TableRow>
  );
}

function AuditCard({ entry }: { entry: AuditEntry }) {
  return (
    <li className="space-y-2 px-4 py-4" data-testid="audit-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium tabular-nums">{formatDateTime(entry.created_at)}</span>
        <AuditAreaBadge area={entry.area} />
      </div>
      <p className="text-sm break-words">{entry.description}</p>
      {entry.changes && <AuditChanges entry={entry} />}
      <p className="text-xs break-words text-muted-foreground">
        {entry.user_name}
        {entry.ip ? <span className="font-mono"> · {entry.ip}</span> : null}
      </p>
    </li>
  );
}
